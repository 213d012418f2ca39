import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // This app lives inside the library's repository: its own folder is the project root,
  // not the repository's (which has a lockfile of its own).
  outputFileTracingRoot: __dirname,
  turbopack: { root: __dirname },
};

export default nextConfig;
