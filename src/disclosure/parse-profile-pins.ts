import { InvalidProfilePinsError } from '../error/invalid-profile-pins-error.js';

/**
 * Profile ids map to the tools pinned for that profile, each named in any
 * spelling: record key, wire name or canonical id.
 */
export type ProfilePins = Readonly<Record<string, readonly string[]>>;

/** The environment variable holding profile pins as JSON. */
export const PINS_ENVIRONMENT_VARIABLE = 'TOOL_DISCLOSURE_PROFILE_PINS';

/** What a profile id may be, in pin maps and in the `profile` option. */
export const PROFILE_ID_PATTERN = /^[a-z0-9_:-]{1,128}$/;
/** Any name a user could write for a tool: no whitespace or control characters, 1 to 256 characters. */
const toolNamePattern = /^[^\s\p{Cc}]{1,256}$/u;
const toolNameExpected =
  'a tool name (a record key, wire name or canonical id of 1 to 256 characters without whitespace or control characters)';

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
  for (const [profile, names] of Object.entries(parsed)) {
    if (!PROFILE_ID_PATTERN.test(profile)) {
      throw new InvalidProfilePinsError({
        source,
        reason: `profile id ${JSON.stringify(profile)} must match [a-z0-9_:-]{1,128}`,
      });
    }
    if (!Array.isArray(names)) {
      throw new InvalidProfilePinsError({
        source,
        reason: `profile "${profile}" must map to an array of tool names`,
      });
    }
    for (const name of names) {
      if (typeof name !== 'string' || !toolNamePattern.test(name)) {
        throw new InvalidProfilePinsError({
          source,
          reason: `profile "${profile}" pins ${JSON.stringify(name)}, which is not ${toolNameExpected}`,
        });
      }
    }
    pins[profile] = Object.freeze([...names]);
  }
  return Object.freeze(pins);
}
