/** The seven scenarios every end-to-end run must cover. */
export const E2E_SCENARIOS = [
  'exact_name_or_canonical_id',
  'alias_or_natural_language',
  'ambiguous',
  'nested_schema',
  'denied_but_relevant',
  'cross_namespace',
  'no_match',
] as const;

export type E2eScenario = (typeof E2E_SCENARIOS)[number];

/** One capability a task needs: what to search for and what to send to each acceptable tool. */
export interface E2eStage {
  /** The query the scripted agent sends to `tool_search`. */
  readonly query: string;
  /** Acceptable tools by wire name, each with the arguments the scripted agent sends it. Empty: nothing should be called. */
  readonly candidates: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A judged end-to-end task over the judged corpus. */
export interface E2eTask {
  readonly id: string;
  readonly scenario: E2eScenario;
  /** The user's request, sent as the prompt; never written to reports. */
  readonly prompt: string;
  /** The capabilities needed, in order; a task is complete when each stage ran one of its candidates. */
  readonly stages: readonly E2eStage[];
}

/** The policy every e2e run uses: Jira is denied although it is relevant to the issue tasks. */
export const E2E_POLICY = Object.freeze({ deny: Object.freeze(['jira.*']) });

const calendarEvent = {
  calendar_id: 'primary',
  summary: 'Quarterly review',
  start: { date_time: '2026-03-10T10:00:00', time_zone: 'Europe/Berlin' },
  end: { date_time: '2026-03-10T11:00:00', time_zone: 'Europe/Berlin' },
};

/** The judged tasks: at least one per scenario. */
export const E2E_TASKS: readonly E2eTask[] = Object.freeze<E2eTask[]>([
  {
    id: 'exact-name-slack-post',
    scenario: 'exact_name_or_canonical_id',
    prompt: 'Use slack__post_message to tell #deploys that the deploy finished.',
    stages: [
      {
        query: 'slack__post_message',
        candidates: { slack__post_message: { channel_id: 'C024BE91L', text: 'Deploy finished.' } },
      },
    ],
  },
  {
    id: 'canonical-id-twilio-sms',
    scenario: 'exact_name_or_canonical_id',
    prompt: 'Call twilio.send_sms to text +15555550100 that the build is green.',
    stages: [
      {
        query: 'twilio.send_sms',
        candidates: { twilio__send_sms: { to: '+15555550100', body: 'The build is green.' } },
      },
    ],
  },
  {
    id: 'alias-reverse-charge',
    scenario: 'alias_or_natural_language',
    prompt: 'Reverse the customer charge on payment pi_3MtwBwLkdIwHu7ix.',
    stages: [
      {
        query: 'reverse a customer charge',
        candidates: { stripe__create_refund: { payment_intent_id: 'pi_3MtwBwLkdIwHu7ix' } },
      },
    ],
  },
  {
    id: 'ambiguous-search-issues',
    scenario: 'ambiguous',
    prompt: 'Search our issues for the login bug.',
    stages: [
      {
        query: 'search issues',
        candidates: {
          github__search_issues: { q: 'login bug is:open' },
          gitlab__search_issues: { project_id: '42', search: 'login bug' },
          linear__search_issues: { term: 'login bug' },
        },
      },
    ],
  },
  {
    id: 'nested-popup-reminder',
    scenario: 'nested_schema',
    prompt: 'Add the quarterly review with a popup reminder minutes before the meeting.',
    stages: [
      {
        query: 'popup reminder minutes before the meeting',
        candidates: { 'google-calendar__create_event': calendarEvent },
      },
    ],
  },
  {
    id: 'denied-create-issue',
    scenario: 'denied_but_relevant',
    prompt: 'Create a new issue in our tracker: the login page fails.',
    stages: [
      {
        query: 'create a new issue',
        candidates: {
          github__create_issue: { owner: 'acme', repo: 'web', title: 'Login page fails' },
          gitlab__create_issue: { project_id: '42', title: 'Login page fails' },
          linear__create_issue: { team_id: 'team_web', title: 'Login page fails' },
        },
      },
    ],
  },
  {
    id: 'cross-namespace-email-to-calendar',
    scenario: 'cross_namespace',
    prompt:
      'Find the email from Dana about the quarterly review and put the meeting she proposes on my calendar.',
    stages: [
      {
        query: 'search email messages in the mailbox',
        candidates: {
          gmail__search_messages: { query: 'from:dana subject:"quarterly review"', max_results: 5 },
        },
      },
      {
        query: 'create a calendar event',
        candidates: { 'google-calendar__create_event': calendarEvent },
      },
    ],
  },
  {
    id: 'no-match-order-pizza',
    scenario: 'no_match',
    prompt: 'Order a pizza for the team.',
    stages: [{ query: 'order a pizza', candidates: {} }],
  },
]);

/** The wire names a stage accepts. */
export function candidateNames(stage: E2eStage): string[] {
  return Object.keys(stage.candidates);
}
