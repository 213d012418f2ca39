import { createCatalog } from 'tool-disclosure/catalog';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import type { CliIo } from './cli-io.js';
import { entryToDefinition } from './entry-to-definition.js';
import { loadToolSources } from './load-tool-sources.js';

/**
 * The judged corpus with the sources' tools first; only their definitions are
 * kept, so the clients are closed before anything is measured.
 */
export async function withSourceTools(
  judged: EvalCorpus,
  flags: Parameters<typeof loadToolSources>[0],
  io: CliIo,
): Promise<EvalCorpus> {
  const sources = await loadToolSources(flags, io);
  try {
    const catalog = await createCatalog({
      definitions: sources.definitions,
      namespaces: sources.namespaces,
      tools: sources.tools,
    });
    const namespaces = Object.fromEntries(
      Object.entries(sources.namespaces).flatMap(([name, declaration]) =>
        declaration.description === undefined ? [] : [[name, declaration.description]],
      ),
    );
    io.stderr(
      `bench: ${catalog.entries.length} tools from the sources, before the judged corpus\n`,
    );
    return {
      ...judged,
      name: `${judged.name}+sources`,
      tools: [...catalog.entries.map(entryToDefinition), ...judged.tools],
      namespaces: { ...judged.namespaces, ...namespaces },
    };
  } finally {
    await sources.close();
  }
}
