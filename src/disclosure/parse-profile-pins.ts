import { InvalidProfilePinsError } from '../error/invalid-profile-pins-error.js';

/** Profile ids map to the canonical ids pinned for that profile. */
export type ProfilePins = Readonly<Record<string, readonly string[]>>;

/** The environment variable holding profile pins as JSON. */
export const PINS_ENVIRONMENT_VARIABLE = 'TOOL_DISCLOSURE_PROFILE_PINS';

const profileIdPattern = /^[a-z0-9_:-]{1,128}$/;
/** `namespace.local_name`: no whitespace or control characters, at most 256 characters. */
const capabilityIdPattern = /^[\p{L}\p{N}_-]{1,64}\.[^\s\p{Cc}]{1,191}$/u;

/**
 * Validates a profile pin map, given as an object or as JSON text. Any invalid
 * part rejects the whole map: a half-applied pin map would silently change
 * what some profiles see.
 *
 * @param source Where the value came from, named in errors.
 */
export function parseProfilePins(value: unknown, source = 'profilePins'): ProfilePins {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw new InvalidProfilePinsError({ source, reason: 'it is not valid JSON', cause: error });
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidProfilePinsError({
      source,
      reason: `expected an object, found ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed}`,
    });
  }
  const pins: Record<string, readonly string[]> = Object.create(null);
  for (const [profile, ids] of Object.entries(parsed)) {
    if (!profileIdPattern.test(profile)) {
      throw new InvalidProfilePinsError({
        source,
        reason: `profile id ${JSON.stringify(profile)} must match [a-z0-9_:-]{1,128}`,
      });
    }
    if (!Array.isArray(ids)) {
      throw new InvalidProfilePinsError({
        source,
        reason: `profile "${profile}" must map to an array of canonical ids`,
      });
    }
    for (const id of ids) {
      if (typeof id !== 'string' || !capabilityIdPattern.test(id)) {
        throw new InvalidProfilePinsError({
          source,
          reason: `profile "${profile}" pins ${JSON.stringify(id)}, which is not a canonical id such as "github.create_issue"`,
        });
      }
    }
    pins[profile] = Object.freeze([...ids]);
  }
  return Object.freeze(pins);
}
