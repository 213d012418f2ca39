// The chat in Node.js. Open the page as /?runtime=edge for the same handler in the edge runtime.
export { POST } from '@/lib/chat';

export const runtime = 'nodejs';
export const maxDuration = 30;
