import type { NamespaceDeclaration } from 'tool-disclosure/catalog';

/** Namespace declarations from a corpus's namespace descriptions. */
export function namespacesOf(
  descriptions: Record<string, string>,
): Record<string, NamespaceDeclaration> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [name, { description }]),
  );
}
