// The chat in the edge runtime: the same handler as app/api/chat, bundled without Node built-ins.
export { POST } from '@/lib/chat';

export const runtime = 'edge';
