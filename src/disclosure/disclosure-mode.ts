import { InvalidOptionError } from '../error/invalid-option-error.js';

/** The five ways a catalog can be shown to the model. */
export const DISCLOSURE_MODES = ['off', 'compact', 'signatures', 'namespaces', 'bridged'] as const;

export type DisclosureMode = (typeof DISCLOSURE_MODES)[number];

/** The environment variable that selects the mode when no option does. */
export const MODE_ENVIRONMENT_VARIABLE = 'TOOL_DISCLOSURE';

export function isDisclosureMode(value: unknown): value is DisclosureMode {
  return typeof value === 'string' && (DISCLOSURE_MODES as readonly string[]).includes(value);
}

/**
 * The mode from the option, else from `TOOL_DISCLOSURE`, else `namespaces`.
 * An unknown environment value fails closed to `off` (every tool advertised,
 * the rollback path) and reports a warning; an unknown option value is a
 * programming error and throws.
 */
export function resolveDisclosureMode({
  mode,
  environment,
  onWarning,
}: {
  mode?: DisclosureMode | undefined;
  environment?: Record<string, string | undefined> | undefined;
  onWarning?: ((message: string) => void) | undefined;
}): DisclosureMode {
  if (mode !== undefined) {
    if (!isDisclosureMode(mode)) {
      throw new InvalidOptionError({
        option: 'mode',
        value: mode,
        expected: `one of ${DISCLOSURE_MODES.join(', ')}`,
      });
    }
    return mode;
  }
  const raw = environment?.[MODE_ENVIRONMENT_VARIABLE]?.trim().toLowerCase();
  if (!raw) return 'namespaces';
  if (isDisclosureMode(raw)) return raw;
  onWarning?.(
    `${MODE_ENVIRONMENT_VARIABLE}=${JSON.stringify(environment?.[MODE_ENVIRONMENT_VARIABLE])} is not ` +
      `one of ${DISCLOSURE_MODES.join(', ')}; falling back to "off" (every tool advertised).`,
  );
  return 'off';
}
