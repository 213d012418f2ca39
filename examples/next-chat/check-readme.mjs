#!/usr/bin/env node
// The README's "Rendering bridged calls in a chat UI" quotes app/chat.tsx verbatim: this fails when
// they differ, so the snippet users copy is the component that CI builds and drives in a browser.
import { readFileSync } from 'node:fs';

const heading = '### Rendering bridged calls in a chat UI';
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const page = readFileSync(new URL('./app/chat.tsx', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf(heading));
const quoted = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
if (!readme.includes(heading) || quoted === undefined) {
  console.error(`README.md has no tsx block under "${heading}"`);
  process.exit(1);
}
if (quoted !== page) {
  const a = quoted.split('\n');
  const b = page.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  console.error(`README.md's chat-UI snippet differs from examples/next-chat/app/chat.tsx`);
  console.error(`first difference at line ${line + 1} of the snippet:`);
  console.error(`  README:   ${a[line]}\n  chat.tsx: ${b[line]}`);
  process.exit(1);
}
console.log('README.md quotes examples/next-chat/app/chat.tsx verbatim');
