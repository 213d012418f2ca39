import { createDisclosure } from '../disclosure/create-disclosure.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { MODE_ENVIRONMENT_VARIABLE } from '../disclosure/disclosure-mode.js';
import { PINS_ENVIRONMENT_VARIABLE } from '../disclosure/parse-profile-pins.js';
import { trimToSize } from '../util/trim-to-size.js';
import type { RequestCatalog } from './get-catalog.js';
import type { ResolvedToolDisclosureOptions } from './tool-disclosure-options.js';

/** How many disclosures (per policy, mode, profile and caps) one catalog keeps. */
const DISCLOSURES_PER_CATALOG = 16;

/**
 * The disclosure of a request's catalog under its options, shared by requests
 * of equal catalog content and equal serializable options. A policy with an
 * `isAllowed` function or a custom `countTokens` can decide anything, so such
 * a disclosure is built for its request alone.
 */
export function getDisclosure(
  { catalog, disclosures, toolAt }: RequestCatalog,
  options: ResolvedToolDisclosureOptions,
  environment: Record<string, string | undefined>,
): Disclosure {
  const build = () => createDisclosure({ ...options, catalog, environment });
  const { policy, countTokens } = options;
  if (policy?.isAllowed !== undefined) {
    // The policy may decide by the tool itself: it sees this request's own tools.
    const entries = catalog.entries.map((entry) =>
      Object.freeze({ ...entry, tool: toolAt(entry.position) }),
    );
    return createDisclosure({
      ...options,
      catalog: Object.freeze({ ...catalog, entries: Object.freeze(entries) }),
      environment,
    });
  }
  if (countTokens !== undefined) return build();
  let key: string;
  try {
    key = JSON.stringify([
      policy?.allow,
      policy?.deny,
      policy?.effects,
      options.mode,
      options.profile,
      options.profilePins,
      options.maxTokens,
      options.maxTools,
      options.contextWindow,
      options.headerBudget,
      environment[MODE_ENVIRONMENT_VARIABLE],
      environment[PINS_ENVIRONMENT_VARIABLE],
    ]);
  } catch {
    return build();
  }
  let disclosure = disclosures.get(key);
  if (disclosure === undefined) {
    disclosure = build();
    disclosures.set(key, disclosure);
    trimToSize(disclosures, DISCLOSURES_PER_CATALOG);
  }
  return disclosure;
}
