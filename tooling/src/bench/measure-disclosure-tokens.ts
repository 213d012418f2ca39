import type { Catalog } from 'tool-disclosure/catalog';
import {
  createDisclosure,
  DISCLOSURE_MODES,
  type DisclosureMode,
} from 'tool-disclosure/disclosure';

/**
 * Advertised and full tokens of `catalog` in every disclosure mode, each
 * disclosure built with no environment and warnings ignored.
 */
export function measureDisclosureTokens(
  catalog: Catalog,
): Record<DisclosureMode, { advertised: number; full: number }> {
  const result = {} as Record<DisclosureMode, { advertised: number; full: number }>;
  for (const mode of DISCLOSURE_MODES) {
    const { advertised, full } = createDisclosure({
      catalog,
      mode,
      environment: {},
      onWarning: () => {},
    }).tokens;
    result[mode] = { advertised, full };
  }
  return result;
}
