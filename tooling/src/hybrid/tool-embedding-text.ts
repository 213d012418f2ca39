import type { CatalogEntry } from 'tool-disclosure/catalog';
import { splitIdentifierWords } from 'tool-disclosure/search';
import { isRecord } from 'tool-disclosure/util';

/**
 * The text of a tool that the hybrid ranker embeds: its name and namespace as
 * words (`create_issue` says "create issue" to a model), its description, and
 * each top-level parameter's name as words with its description. Ids, schema
 * keywords and types are left out: they are identifiers, which the lexical
 * ranker matches exactly, and only dilute a sentence embedding.
 *
 * @example
 * toolEmbeddingText(entry) // 'create issue (github): Open an issue in a repository. Parameters: title: The issue title; body'
 */
export function toolEmbeddingText(entry: CatalogEntry): string {
  const name = splitIdentifierWords(entry.localName).join(' ').toLowerCase();
  const namespace = splitIdentifierWords(entry.namespace).join(' ').toLowerCase();
  const parameters: string[] = [];
  const properties = entry.parameters.properties;
  if (isRecord(properties)) {
    for (const [parameter, schema] of Object.entries(properties)) {
      const words = splitIdentifierWords(parameter).join(' ').toLowerCase();
      const description =
        isRecord(schema) && typeof schema.description === 'string' ? schema.description.trim() : '';
      parameters.push(description === '' ? words : `${words}: ${description}`);
    }
  }
  const head = namespace === '' ? name : `${name} (${namespace})`;
  const description = entry.description.trim();
  return [
    description === '' ? head : `${head}: ${description}`,
    ...(parameters.length === 0 ? [] : [`Parameters: ${parameters.join('; ')}`]),
  ].join('. ');
}
