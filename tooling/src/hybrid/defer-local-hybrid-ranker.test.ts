import { createCatalog } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import { rankerConformanceSuite } from '../../../src/search/ranker-conformance.case.js';
import { RANKERS } from '../search/rankers.js';
import { createLocalHybridRanker } from './create-local-hybrid-ranker.js';
import { deferLocalHybridRanker } from './defer-local-hybrid-ranker.js';

rankerConformanceSuite(deferLocalHybridRanker);

describe('deferLocalHybridRanker', () => {
  it('is RANKERS.hybrid, named hybrid, and ranks as createLocalHybridRanker once loaded', async () => {
    expect(RANKERS.hybrid).toBe(deferLocalHybridRanker);
    expect(deferLocalHybridRanker().name).toBe('hybrid');
    const { entries } = await createCatalog({
      definitions: [
        { name: 'camera__take_photo', description: 'Capture an image with the device camera' },
        { name: 'weather__get_forecast', description: 'Get the weather forecast for a city' },
        { name: 'travel__city_guide', description: 'Describe the sights of a city' },
      ],
    });
    const deferred = await deferLocalHybridRanker().createIndex(entries);
    const local = await createLocalHybridRanker().createIndex(entries);
    for (const query of ['rain or snow in my city', 'a picture of the sunset', 'zzqx']) {
      expect(await deferred.search(query, 5), query).toEqual(await local.search(query, 5));
    }
  });
});
