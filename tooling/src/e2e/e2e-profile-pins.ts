import type { ProfilePins } from 'tool-disclosure/disclosure';

/** The profile the `bridged` arm runs as unless another is named. */
export const E2E_PROFILE = 'e2e-judged';

/**
 * The pins of the judged tasks' profile: the messaging, mail and calendar tools
 * an assistant profile would keep at hand. They serve three of the judged tasks
 * (the Slack post, the popup reminder and the email-to-calendar workflow) and
 * none of the others, so the `bridged` arm differs from `namespaces` exactly
 * where pins apply and matches it elsewhere.
 */
export const E2E_PROFILE_PINS: ProfilePins = Object.freeze({
  [E2E_PROFILE]: Object.freeze([
    'slack__post_message',
    'gmail__search_messages',
    'google-calendar__create_event',
  ]),
});
