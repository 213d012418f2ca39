#!/usr/bin/env node
// What the example must keep in step with, checked before anything is installed:
// - the README's "Rendering bridged calls in a chat UI" quotes app/chat.tsx verbatim, so the snippet
//   users copy is the component that CI type-checks, builds and drives in a browser;
// - package-lock.json records the library's version and dependencies as ../../package.json has
//   them: the library is installed as a packed copy (.npmrc: install-links), and `npm ci` would
//   install a dependency the lockfile does not know of silently not at all.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');
const failures = [];

const heading = '### Rendering bridged calls in a chat UI';
const readme = read('../../README.md');
const page = read('./app/chat.tsx');
const quoted = readme.includes(heading)
  ? /```tsx\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(heading)))?.[1]
  : undefined;
if (quoted === undefined) {
  failures.push(`README.md has no tsx block under "${heading}"`);
} else if (quoted !== page) {
  const a = quoted.split('\n');
  const b = page.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  failures.push(
    `README.md's chat-UI snippet differs from examples/next-chat/app/chat.tsx, first at line ${line + 1}:\n` +
      `  README:   ${a[line]}\n  chat.tsx: ${b[line]}`,
  );
}

// The README's first route is this app's quick-start route, so it is type-checked and built too.
const route = read('./app/api/quick-start/route.ts');
const firstRoute = /```ts\n(\/\/ app\/api\/chat\/route\.ts\n[\s\S]*?)```/.exec(readme)?.[1];
if (firstRoute !== route) {
  failures.push(
    "README.md's first route handler differs from examples/next-chat/app/api/quick-start/route.ts",
  );
}

const library = JSON.parse(read('../../package.json'));
const locked = JSON.parse(read('./package-lock.json')).packages['node_modules/tool-disclosure'];
for (const field of ['version', 'dependencies', 'peerDependencies']) {
  if (!isDeepStrictEqual(locked?.[field], library[field])) {
    failures.push(
      `examples/next-chat/package-lock.json has another ${field} of tool-disclosure than package.json: ` +
        'run `npm install` in examples/next-chat and commit its package-lock.json',
    );
  }
}

if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
console.log(
  'README.md quotes app/chat.tsx and app/api/quick-start/route.ts verbatim; package-lock.json matches the library',
);
