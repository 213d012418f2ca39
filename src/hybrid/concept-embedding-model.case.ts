import type { EmbeddingModel } from 'ai';

type EmbeddingModelV4 = Extract<EmbeddingModel, { specificationVersion: 'v4' }>;

/**
 * Words grouped by meaning: each group is one dimension. A tiny, deterministic
 * stand-in for a real embedding model in tests, where paraphrases ("rain",
 * "weather") must land near each other and unknown words nowhere.
 */
const concepts: readonly (readonly string[])[] = [
  ['weather', 'forecast', 'rain', 'umbrella', 'sunny', 'temperature'],
  ['calendar', 'event', 'meeting', 'appointment', 'schedule'],
  ['mail', 'email', 'message', 'mailbox', 'inbox', 'note'],
  ['send', 'deliver', 'post', 'dispatch'],
  ['repository', 'repo', 'code', 'branch', 'issue', 'bug'],
  ['create', 'open', 'new', 'add', 'book'],
  ['delete', 'remove', 'drop', 'erase'],
  ['list', 'upcoming', 'show', 'agenda'],
  ['widget', 'stock', 'shelf', 'inventory', 'track'],
  ['city', 'town', 'paris', 'place'],
];

const dimensionOf = new Map(
  concepts.flatMap((words, dimension) => words.map((word) => [word, dimension] as const)),
);

/** The model's vector of `text`: how many of its words fall in each group (plural "s" dropped). */
export function conceptVector(text: string): number[] {
  const vector = new Array<number>(concepts.length).fill(0);
  for (const raw of text.toLowerCase().split(/[^a-z]+/)) {
    const word = dimensionOf.has(raw) ? raw : raw.replace(/s$/, '');
    const dimension = dimensionOf.get(word);
    if (dimension !== undefined) vector[dimension] = (vector[dimension] as number) + 1;
  }
  return vector;
}

/** An embedding model over `concepts` that records every text it was asked to embed. */
export function createConceptEmbeddingModel(modelId = 'concepts'): EmbeddingModelV4 & {
  readonly embedded: string[];
} {
  const embedded: string[] = [];
  return {
    specificationVersion: 'v4',
    provider: 'test',
    modelId,
    maxEmbeddingsPerCall: Number.POSITIVE_INFINITY,
    supportsParallelCalls: true,
    embedded,
    async doEmbed({ values }) {
      embedded.push(...values);
      return { embeddings: values.map(conceptVector), warnings: [] };
    },
  };
}
