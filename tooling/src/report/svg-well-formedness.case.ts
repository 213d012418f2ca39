import { expect } from 'vitest';

/**
 * A simple well-formedness check shared by the chart tests: one root `<svg>`
 * with a viewBox, every opened tag closed in order, no unescaped `<` or `&` in
 * text, and no NaN, undefined or Infinity anywhere.
 */
export function expectWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="')).toBe(true);
  expect(svg.endsWith('</svg>\n')).toBe(true);
  expect(svg).not.toMatch(/NaN|undefined|Infinity|null/);
  const open: string[] = [];
  let roots = 0;
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (closing === '/') {
      expect(open.pop()).toBe(name);
    } else if (selfClosing !== '/') {
      if (open.length === 0) roots += 1;
      open.push(name as string);
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
  // Whatever is left after removing tags and entities must hold no markup characters.
  const text = svg.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|apos);/g, '');
  expect(text).not.toMatch(/[<>&]/);
  const opens = svg.match(/<[a-zA-Z][^>]*[^/]>|<[a-zA-Z]+>/g)?.length ?? 0;
  const closes = svg.match(/<\/[a-zA-Z][\w-]*>/g)?.length ?? 0;
  expect(opens).toBe(closes);
}
