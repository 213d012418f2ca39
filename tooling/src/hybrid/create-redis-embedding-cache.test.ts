import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createClient } from 'redis';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHybridRanker } from './create-hybrid-ranker.js';
import { createRedisEmbeddingCache } from './create-redis-embedding-cache.js';
import { createRecordingEmbeddingModel } from './recording-embedding-model.case.js';

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const definitions: ToolDefinition[] = [
  { name: 'camera__take_photo', description: 'Capture an image with the device camera' },
  { name: 'weather__get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'music__playlist', description: 'Create a playlist of songs' },
];

const installed = hasRedisServer();

/** A connected node-redis client, typed as `createClient` makes it. */
function connect(url: string) {
  return createClient({ url }).connect();
}

describe.skipIf(!installed)(
  `createRedisEmbeddingCache against a real redis-server${installed ? '' : ' (skipped: redis-server is not installed; apt-get install redis-server)'}`,
  () => {
    let server: ChildProcess;
    let client: Awaited<ReturnType<typeof connect>>;

    beforeAll(async () => {
      const port = await freePort();
      server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      await new Promise<void>((resolve, reject) => {
        server.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
      });
      client = await connect(`redis://127.0.0.1:${port}`);
    });

    afterAll(async () => {
      await client?.close();
      server?.kill();
    });

    it('lets a second instance embed no tool text again: two rankers share the cache', async () => {
      const entries = (await createCatalog({ definitions })).entries;
      const prefix = 'test:hybrid:';

      const firstModel = createRecordingEmbeddingModel();
      const first = await createHybridRanker({
        embeddingModel: firstModel,
        cache: createRedisEmbeddingCache({ client, prefix, ttlSeconds: 60 }),
      }).createIndex(entries);
      expect(firstModel.embedded).toHaveLength(definitions.length);

      const secondModel = createRecordingEmbeddingModel();
      const second = await createHybridRanker({
        embeddingModel: secondModel,
        cache: createRedisEmbeddingCache({ client, prefix, ttlSeconds: 60 }),
      }).createIndex(entries);
      expect(secondModel.embedded).toEqual([]);

      const query = 'photograph my cat';
      expect((await second.search(query, 3)).map((result) => result.entry.id)[0]).toBe(
        'camera.take_photo',
      );
      expect(await second.search(query, 3)).toEqual(await first.search(query, 3));
      // Only the query was embedded, once per search.
      expect(secondModel.embedded).toEqual([query, query]);

      const keys = await client.keys(`${prefix}*`);
      expect(keys).toHaveLength(definitions.length);
      expect(keys.every((key) => /^test:hybrid:[0-9a-f]{64}$/.test(key))).toBe(true);
      const ttl = await client.ttl(keys[0] as string);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
    });

    it('reads a value that is not a vector as a miss', async () => {
      await client.set('test:garbage:key', 'not a vector!');
      const cache = createRedisEmbeddingCache({ client, prefix: 'test:garbage:' });
      expect(await cache.get(['key', 'absent'])).toEqual([undefined, undefined]);
    });
  },
);

describe('createRedisEmbeddingCache', () => {
  it('rejects a ttl that is not a positive whole number of seconds', () => {
    const client = { mGet: async () => [], set: async () => 'OK' };
    expect(() => createRedisEmbeddingCache({ client, ttlSeconds: 0.5 })).toThrow(
      'Invalid ttlSeconds: 0.5. Expected a positive whole number of seconds, or undefined to keep vectors.',
    );
  });
});
