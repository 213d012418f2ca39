import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog, type NamespaceDeclaration } from 'tool-disclosure/catalog';
import type { SearchIndex } from 'tool-disclosure/search';
import {
  analyzeToolTerms,
  createOramaRanker,
  createOramaRankerWith,
  indexOfToolTerms,
  rankerSettingsOf,
} from 'tool-disclosure/search';
import { onceOrUndefined } from 'tool-disclosure/util';
import type { WordVectors } from 'tool-disclosure/word-vectors';
import { loadWordVectors } from 'tool-disclosure/word-vectors';
import { describe, expect, it } from 'vitest';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';

/** The wire names of the results that are matches, best first; weak evidence is left out. */
async function search(
  definitions: readonly ToolDefinition[],
  query: string,
  namespaces: Record<string, NamespaceDeclaration> = {},
): Promise<string[]> {
  return (await searchAll(definitions, query, namespaces)).filter(
    (name) => !name.endsWith(weakMark),
  );
}

const weakMark = ' (weak)';

/** Every result's wire name, best first, weak evidence marked. */
async function searchAll(
  definitions: readonly ToolDefinition[],
  query: string,
  namespaces: Record<string, NamespaceDeclaration> = {},
): Promise<string[]> {
  const catalog = await createCatalog({ definitions, namespaces });
  const index = await createOramaRanker().createIndex(catalog.entries);
  return (await index.search(query, 10)).map(
    (ranked) => `${ranked.entry.wireName}${ranked.weak === true ? weakMark : ''}`,
  );
}

/** Filler tools that make a catalog large enough for word weights to be realistic. */
const ledger: ToolDefinition[] = Array.from({ length: 300 }, (_, index) => ({
  name: `ledger__archive_record_${index}`,
  description: 'Archive ledger records in the benchmark integration.',
}));

/** A catalog where "studio apartment" shares no word with any tool, yet is near "houses" and "rent". */
const homes: ToolDefinition[] = [
  { name: 'homes__find_rentals', description: 'Find houses to rent in a city.' },
  { name: 'mail__send', description: 'Send an email to a recipient.' },
  ...ledger,
];

/** Requests that share a word with `homes`, weak matches included. */
const ordinaryRequests = ['send an email', 'rent a house', 'rent a flat', 'archive ledger'];

/** The wire names of an index's results, best first, weak evidence marked. */
async function namesOf(index: SearchIndex, query: string): Promise<string[]> {
  return (await index.search(query, 3)).map(
    (ranked) => `${ranked.entry.wireName}${ranked.weak === true ? weakMark : ''}`,
  );
}

describe('default ranker', () => {
  it('searches what a namespace declaration says of its service', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'acme__list_runs', description: 'List the runs of this month.' },
      { name: 'files__list_folders', description: 'List the folders of a drive.' },
    ];
    expect(await search(definitions, 'payslips')).toEqual([]);
    expect(
      await search(definitions, 'payslips', {
        acme: { description: 'Acme payroll: runs and payslips.' },
      }),
    ).toEqual(['acme__list_runs']);
  });

  it('ranks the tool a short request names above one whose other fields use its words', async () => {
    const definitions: ToolDefinition[] = [
      {
        name: 'tracker__update_record',
        description: 'Create issue.',
        parameters: {
          type: 'object',
          properties: { create_issue: { type: 'boolean', description: 'Create an issue' } },
        },
      },
      {
        name: 'tracker__create_issue',
        description: 'Open an item in a tracker project for the team to follow up on later.',
      },
      ...['mail__send', 'mail__search', 'files__read', 'files__write', 'chat__post'].map(
        (name) => ({ name, description: `The ${name} tool.` }),
      ),
    ];
    expect(await search(definitions, 'create issue')).toEqual([
      'tracker__create_issue',
      'tracker__update_record',
    ]);
  });

  it('reads an unnamed person in a request as whom it is for, not as what to do', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'sms__send_text', description: 'Send a text message to a phone number.' },
      { name: 'files__read_text', description: 'Read a text file.' },
    ];
    expect((await search(definitions, 'text a colleague'))[0]).toBe('sms__send_text');
    expect(await search(definitions, 'text a coworker')).toEqual(
      await search(definitions, 'text someone'),
    );
  });

  it('ranks the same operation of another service just below the best match of a short request', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'jira__create_issue', description: 'Create a Jira issue.', aliases: ['file_bug'] },
      { name: 'github__create_issue', description: 'Open a new issue in a GitHub repository.' },
      { name: 'github__create_issue_comment', description: 'Comment on an issue.' },
      { name: 'drive__get_file', description: 'Get a file from a drive.' },
      { name: 'drive__upload_file', description: 'Upload a file to a drive.' },
      { name: 'disk__read_file', description: 'Read a file from the local disk.' },
    ];
    expect((await search(definitions, 'file a bug')).slice(0, 2)).toEqual([
      'jira__create_issue',
      'github__create_issue',
    ]);
    // Naming the service asks for its tools only.
    expect((await search(definitions, 'file a jira bug'))[1]).not.toBe('github__create_issue');
  });

  it('takes no article as evidence that a tool fits, however rare articles are in the catalog', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'files__move_file', description: 'Move a file to a folder.' },
      { name: 'files__list_directory', description: 'List a directory.' },
      ...ledger,
    ];
    expect(await search(definitions, 'hail a taxi to the airport')).toEqual([]);
    expect(await search(definitions, 'a')).toEqual([]);
    expect((await search(definitions, 'move a file'))[0]).toBe('files__move_file');
  });

  it('takes another form of a word, plurals aside, as weaker evidence than the word itself', async () => {
    const browser: ToolDefinition[] = [
      { name: 'browser__navigate', description: 'Open a URL in the controlled browser tab.' },
      { name: 'files__move_file', description: 'Move or rename a file or directory.' },
      ...ledger,
    ];
    expect(await searchAll(browser, 'control my thermostat')).toEqual([
      `browser__navigate${weakMark}`,
    ]);
    expect((await search(browser, 'rename something on disk'))[0]).toBe('files__move_file');
    const heating: ToolDefinition[] = [
      { name: 'hvac__adjust', description: 'Adjust the heating controls of a room.' },
      ...ledger,
    ];
    expect(await search(heating, 'control my thermostat')).toEqual(['hvac__adjust']);
  });

  it('ranks a tool that uses a word itself above one that uses only another form of it', async () => {
    const definitions: ToolDefinition[] = [
      {
        name: 'billing__list_plans',
        description: 'List the subscription plans and what each plan costs.',
      },
      { name: 'events__book_venue', description: 'Book an offsite venue.' },
      { name: 'mail__send', description: 'Send an email.' },
      { name: 'chat__post_message', description: 'Post a message to a channel.' },
    ];
    // "plan" is another form of "planning": weaker evidence than "offsite" itself.
    expect(await search(definitions, 'planning an offsite')).toEqual([
      'events__book_venue',
      'billing__list_plans',
    ]);
    expect(await search(definitions, 'a plan for an offsite')).toEqual([
      'billing__list_plans',
      'events__book_venue',
    ]);
  });

  it("returns tools that share only some of a short request's words as weak evidence, never nothing", async () => {
    const definitions: ToolDefinition[] = [
      { name: 'shop__list_orders', description: 'List the orders of the shop.' },
      { name: 'shop__cancel_order', description: 'Cancel an order.' },
      { name: 'shop__refund_order', description: 'Refund an order.' },
      { name: 'shop__ship_order', description: 'Ship an order.' },
      { name: 'shop__get_order', description: 'Get an order.' },
      { name: 'shop__update_order', description: 'Update an order.' },
      { name: 'accounts__register_user', description: 'Register a new user with a password.' },
      ...ledger,
    ];
    const pizza = await searchAll(definitions, 'order a pizza');
    expect(pizza).toHaveLength(6);
    expect(pizza.every((name) => name.startsWith('shop__') && name.endsWith(weakMark))).toBe(true);
    expect(await searchAll(definitions, 'help me register on this app')).toEqual([
      `accounts__register_user${weakMark}`,
    ]);
    expect(await searchAll(definitions, 'register a user')).toEqual(['accounts__register_user']);
    // No word of the request in any tool: nothing, not even weak evidence.
    expect(await searchAll(definitions, 'quantum banana telescope')).toEqual([]);
  });

  it("with word vectors, reads a request no tool shares a word with through the catalog's nearest words, as weak evidence", async () => {
    const catalog = await createCatalog({ definitions: homes });
    const plain = await createOramaRanker({ wordVectors: false }).createIndex(catalog.entries);
    const ranker = createOramaRanker({ wordVectors: await loadWordVectors() });
    expect(ranker.name).toBe('default+vectors');
    const bridged = await ranker.createIndex(catalog.entries);
    expect(await namesOf(plain, 'studio apartment with a view')).toEqual([]);
    expect((await namesOf(bridged, 'studio apartment with a view'))[0]).toBe(
      `homes__find_rentals${weakMark}`,
    );
    // A request with words of the catalog ranks exactly as without vectors.
    for (const query of ordinaryRequests) {
      expect(await namesOf(bridged, query)).toEqual(await namesOf(plain, query));
    }
    // Nonsense has no neighbours in the catalog.
    expect(await namesOf(bridged, 'quantum banana telescope')).toEqual([]);
  });

  it('reads a common word no tool uses through its nearest catalog words too ("hour" for "time")', async () => {
    const catalog = await createCatalog({
      definitions: [
        { name: 'clock__current_time', description: 'Get the current time in a time zone.' },
        { name: 'mail__send', description: 'Send an email to a recipient.' },
        ...ledger,
      ],
    });
    const index = await createOramaRanker({ wordVectors: await loadWordVectors() }).createIndex(
      catalog.entries,
    );
    expect((await namesOf(index, 'what hour is it'))[0]).toBe(`clock__current_time${weakMark}`);
  });

  it('reads when a request wants something done as no part of what it wants', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'pager__list_oncalls', description: 'List who is on call for each schedule.' },
      { name: 'clock__current_time', description: 'Get the current time in a time zone.' },
      { name: 'mail__send', description: 'Send an email.' },
    ];
    expect(await search(definitions, 'who is on duty right now')).toEqual(
      await search(definitions, 'who is on duty'),
    );
    expect((await search(definitions, 'who is on duty right now'))[0]).toBe('pager__list_oncalls');
  });

  it('finds tools by the general software vocabulary, words written apart included', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'payments__create_refund', description: 'Refund a payment.' },
      { name: 'chat__add_reaction', description: 'Add a reaction to a post.' },
      { name: 'chat__post_message', description: 'Post a message to a channel.' },
      { name: 'crm__create_contact', description: 'Create a contact.' },
      { name: 'files__read_file', description: 'Read a file.' },
    ];
    const first = async (query: string) => (await search(definitions, query))[0];
    expect(await first('money back for this order')).toBe('payments__create_refund');
    expect(await first('put a thumbs up on the post')).toBe('chat__add_reaction');
    expect(await first('text the channel')).toBe('chat__post_message');
    expect(await first('add a new customer')).toBe('crm__create_contact');
  });

  it('weighs a parameter match as much as a description match in a request that describes a task', async () => {
    const definitions: ToolDefinition[] = [
      {
        name: 'geo__lookup_area',
        description: 'Look up the area of a zipcode.',
        parameters: { type: 'object', properties: { query: { type: 'string' } } },
      },
      {
        name: 'geo__lookup_region',
        description: 'Look up the region of a place.',
        parameters: { type: 'object', properties: { zipcode: { type: 'string' } } },
      },
      {
        name: 'crm__create_contact',
        description: 'Create a contact.',
        parameters: { type: 'object', properties: { name: { type: 'string' } } },
      },
      { name: 'mail__send', description: 'Send an email.' },
      // A request's length is counted in the words the catalog knows (`lengthOfKnownWords`):
      // these make the request below one of more than three known words, a task.
      { name: 'calendar__week', description: 'Show the events of last week or the next.' },
      { name: 'home__movers', description: 'Find movers to help you move house.' },
    ];
    // The task supplies a zipcode, which one tool takes: it ranks above "new" read as "create".
    const ranked = await search(
      definitions,
      'I moved house last week and my new zipcode is 94110, can you help me settle in',
    );
    expect(ranked.indexOf('geo__lookup_region')).toBeGreaterThanOrEqual(0);
    expect(ranked.indexOf('geo__lookup_region')).toBeLessThan(
      ranked.includes('crm__create_contact')
        ? ranked.indexOf('crm__create_contact')
        : ranked.length,
    );
    // A request that names a capability still ranks the tool that says it does it first.
    expect((await search(definitions, 'zipcode lookup'))[0]).toBe('geo__lookup_area');
  });

  it("counts a tool's name the less the longer a request grows past a capability's few words", async () => {
    const definitions: ToolDefinition[] = [
      {
        name: 'storage__archive_project_files',
        description: 'Move the old files of a finished project to cold storage.',
      },
      {
        name: 'storage__list_files',
        description: 'List the files of a project, old ones first, to choose what to archive.',
      },
      { name: 'mail__send', description: 'Send an email.' },
      { name: 'chat__post_message', description: 'Post a message to a channel.' },
    ];
    const catalog = await createCatalog({ definitions });
    const index = await createOramaRanker().createIndex(catalog.entries);
    // How far the tool named by the request leads the other.
    const lead = async (query: string) => {
      const [first, second] = await index.search(query, 2);
      expect(first?.entry.wireName).toBe('storage__archive_project_files');
      return (first?.score as number) / (second?.score as number);
    };
    const capability = await lead('archive project files');
    const fourTerms = await lead('archive the old project files');
    const task = await lead(
      'archive the old project files from the 2019 migration that nobody opened since',
    );
    expect(capability).toBeGreaterThan(fourTerms);
    expect(fourTerms).toBeGreaterThan(task * 1.1);
  });

  it('ranks a tool that has two of the words side by side, as the request says them, above one that has them apart', async () => {
    // The same words, fields and lengths: only which of them stand side by side differs.
    const definitions: ToolDefinition[] = [
      { name: 'geo__a_lookup', description: 'Finds the code of a postal street address.' },
      { name: 'geo__b_lookup', description: 'Finds the postal code of a street address.' },
      { name: 'mail__send', description: 'Send an email.' },
    ];
    expect((await search(definitions, 'postal code of a street address'))[0]).toBe('geo__b_lookup');
    expect((await search(definitions, 'code of a postal street address'))[0]).toBe('geo__a_lookup');
  });

  it('ranks each clause of a request an "and" opens with a new subject on its own', async () => {
    const definitions: ToolDefinition[] = [
      ...[
        ['validate_address', 'Validate an email address: syntax, domain and disposable providers.'],
        ['check_mailbox', 'Check that the mailbox of an email address exists and accepts mail.'],
        ['find_address', 'Find the email address of a person at a company domain.'],
        ['send_message', 'Send an email message to an address.'],
        ['list_domains', 'List the email domains of a company and their validity.'],
        ['verify_signup', 'Verify the email address of a new signup.'],
        ['bounce_report', 'Report the bounced email addresses of a newsletter.'],
      ].map(([name, description]) => ({ name: `email__${name}`, description })),
      { name: 'music__search_tracks', description: 'Search music tracks by title.' },
      { name: 'music__new_releases', description: 'List new music albums released this week.' },
      ...ledger.slice(0, 40),
    ];
    // Read whole, the email clause's many words rank three email tools above the music one.
    const request =
      'I need to validate the email address of a new signup for the newsletter domain and I am exploring new music';
    expect((await search(definitions, request)).slice(0, 2)).toEqual([
      'email__verify_signup',
      'music__new_releases',
    ]);
  });

  it("penalises a tool's longer text only mildly for its length", async () => {
    const definitions: ToolDefinition[] = [
      { name: 'fx__quote', description: 'Quote a currency.' },
      {
        name: 'fx__rates',
        description:
          'Rates of one currency in another currency, with the date, precision, rounding and the provider of the rates to use for each market and each region, for accounting.',
      },
      ...ledger.slice(0, 40),
    ];
    const catalog = await createCatalog({ definitions });
    const index = await createOramaRanker().createIndex(catalog.entries);
    const [short, long] = await index.search('currency', 2);
    expect(short?.entry.wireName).toBe('fx__quote');
    expect(long?.entry.wireName).toBe('fx__rates');
    // Saying the word twice in a text ten times as long still counts over half as much.
    expect((long?.score as number) / (short?.score as number)).toBeGreaterThan(0.5);
  });

  it('reads a request of up to three content words, articles aside, as naming a capability', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'jira__create_issue', description: 'Create a Jira issue such as a bug or a task.' },
      { name: 'github__create_issue', description: 'Open a new issue in a GitHub repository.' },
      { name: 'gitlab__create_issue', description: 'Create an issue in a GitLab project.' },
      { name: 'github__create_issue_comment', description: 'Add a comment to an existing issue.' },
      {
        name: 'helpdesk__update_ticket',
        description: 'Update the status of a ticket (new, open, solved) or add a comment to it.',
      },
    ];
    expect(new Set((await search(definitions, 'create a new issue')).slice(0, 3))).toEqual(
      new Set(['jira__create_issue', 'github__create_issue', 'gitlab__create_issue']),
    );
  });

  it('ranks first the tool a request names exactly, by a key with white space in it too', async () => {
    const definitions: ToolDefinition[] = [
      { name: 'crm__Look Up', description: 'Finds a record.' },
      { name: 'crm__look_up_people', description: 'Look up people in the CRM: look up anyone.' },
    ];
    const catalog = await createCatalog({ definitions });
    const index = await createOramaRanker().createIndex(catalog.entries);
    const [first, second] = await index.search(' CRM__look up ', 10);
    expect(first?.entry.key).toBe('crm__Look Up');
    expect(first?.score).toBeGreaterThan((second?.score ?? 0) + 1);
    expect((await index.search('look up people', 10))[0]?.entry.key).toBe('crm__look_up_people');
  });
});

describe("the default ranker's word vectors", () => {
  /** A loader of `table` that counts its calls. */
  function countingLoader(table: () => Promise<WordVectors | undefined>) {
    const loader = {
      calls: 0,
      load: () => {
        loader.calls += 1;
        return table();
      },
    };
    return loader;
  }

  it('answers a request no tool shares a word with by the nearest catalog words, marked weak, in Node', async () => {
    const { entries } = await createCatalog({ definitions: homes });
    for (const ranker of [createOramaRanker()]) {
      expect(ranker.name).toBe('default');
      const index = await ranker.createIndex(entries);
      expect((await namesOf(index, 'studio apartment with a view'))[0]).toBe(
        `homes__find_rentals${weakMark}`,
      );
    }
  });

  it('reads the table on the first request that needs it, once per index, and never for a request that shares a word', async () => {
    const { entries } = await createCatalog({ definitions: homes });
    const loader = countingLoader(loadWordVectors);
    const ranker = createOramaRankerWith({}, loader.load);
    const index = await ranker.createIndex(entries);
    const lexical = await createOramaRanker({ wordVectors: false }).createIndex(entries);
    // Words of the catalog, weak matches, a clause with none of them, nothing to search for and
    // exact names: no table.
    const compound = 'Send an email. Also a studio apartment with a view';
    for (const query of [
      ...ordinaryRequests,
      compound,
      '',
      'a',
      'mail__send',
      'homes.find_rentals',
    ]) {
      expect(await index.search(query, 10)).toEqual(await lexical.search(query, 10));
    }
    expect(loader.calls).toBe(0);
    expect((await namesOf(index, 'studio apartment'))[0]).toBe(`homes__find_rentals${weakMark}`);
    await index.search('a cosy flat', 10);
    expect(loader.calls).toBe(1);
  });

  it('finds nothing, as without vectors, when the table cannot be read, and reports that once', async () => {
    const { entries } = await createCatalog({ definitions: homes });
    const failures: unknown[] = [];
    const loader = countingLoader(
      onceOrUndefined<WordVectors>(
        async () => {
          throw new Error('no such file');
        },
        (error) => failures.push(error),
      ),
    );
    const ranker = createOramaRankerWith({}, loader.load);
    expect(ranker.name).toBe('default');
    for (const index of [await ranker.createIndex(entries), await ranker.createIndex(entries)]) {
      expect(await index.search('studio apartment', 10)).toEqual([]);
      expect(await index.search('a cosy flat', 10)).toEqual([]);
      expect(await namesOf(index, 'send an email')).toEqual(['mail__send']);
    }
    expect(failures.map(String)).toEqual(['Error: no such file']);
    // Asked once per index, the load itself ran once: a failed load is not tried again.
    expect(loader.calls).toBe(2);
  });

  it('with wordVectors: false, never reads a table', async () => {
    const { entries } = await createCatalog({ definitions: homes });
    const loader = countingLoader(loadWordVectors);
    const ranker = createOramaRankerWith({ wordVectors: false }, loader.load);
    const index = await ranker.createIndex(entries);
    expect(await index.search('studio apartment', 10)).toEqual([]);
    expect(loader.calls).toBe(0);
  });

  it('ranks the same requests the same way in two indexes', async () => {
    const { entries } = await createCatalog({ definitions: homes });
    const ranker = createOramaRanker();
    const first = await ranker.createIndex(entries);
    const second = await ranker.createIndex(entries);
    for (const query of ['studio apartment', 'a cosy flat. Also a view', ...ordinaryRequests]) {
      const results = await first.search(query, 10);
      expect(await first.search(query, 10)).toEqual(results);
      expect(await second.search(query, 10)).toEqual(results);
    }
  });

  it('ranks searches run at once on one index as it ranks them one by one', async () => {
    const corpus = await loadEvalCorpus(
      fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url)),
    );
    const { entries } = await createCatalog({ definitions: corpus.tools });
    // Requests that wait for the word vectors, compound ones and plain ones, interleaved.
    const queries = [
      ...corpus.intents.map((intent) => intent.query),
      'studio apartment with a view',
      'studio apartment with a view. A cottage by the sea.',
      'what hour is it. Also send an email. Then archive the ticket.',
    ];
    const answers = async (index: SearchIndex, query: string) =>
      JSON.stringify(
        (await index.search(query, 10)).map(({ entry, score, weak }) => [entry.id, score, weak]),
      );
    const ranker = createOramaRanker({ wordVectors: await loadWordVectors() });
    const alone = await ranker.createIndex(entries);
    const expected: string[] = [];
    for (const query of queries) expected.push(await answers(alone, query));
    const together = await ranker.createIndex(entries);
    expect(await Promise.all(queries.map((query) => answers(together, query)))).toEqual(expected);
  });

  it('names each kind of ranker apart, since indexes are cached by name', async () => {
    const wordVectors = await loadWordVectors();
    expect(createOramaRanker().name).toBe('default');
    expect(createOramaRanker({ wordVectors: false }).name).toBe('default+lexical');
    expect(createOramaRanker({ wordVectors }).name).toBe('default+vectors');
    const floor = createOramaRanker({ relevanceFloor: 0.5 }).name;
    expect(floor).toMatch(/^default:[0-9a-f]{8}$/);
    expect(createOramaRanker({ relevanceFloor: 0.5, wordVectors: false }).name).toBe(
      `${floor}+lexical`,
    );
    expect(createOramaRanker({ parameters: {} }).name).toBe('default');
    const tuned = createOramaRanker({ parameters: { phraseWeight: 2 } }).name;
    expect(tuned).toMatch(/^default:[0-9a-f]{8}$/);
    expect(tuned).not.toBe(createOramaRanker({ parameters: { phraseWeight: 3 } }).name);
  });
});

describe('createOramaRanker({ parameters })', () => {
  const tools: ToolDefinition[] = [
    { name: 'tracker__create_issue', description: 'Create an issue in the tracker.' },
    { name: 'docs__get_page', description: 'Get a page. Also known as tracker create issue.' },
    ...ledger,
  ];
  const ranked = async (parameters: Parameters<typeof createOramaRanker>[0], query: string) => {
    const catalog = await createCatalog({ definitions: tools });
    const index = await createOramaRanker({ wordVectors: false, ...parameters }).createIndex(
      catalog.entries,
    );
    return (await index.search(query, 10)).map(({ entry }) => entry.wireName);
  };

  it('ranks as the default ranker with the defaults given again', async () => {
    for (const query of ['create an issue', 'docs__get_page', 'get a page. Also create an issue']) {
      expect(await ranked({ parameters: { bm25: { k: 1.2 } } }, query)).toEqual(
        await ranked({}, query),
      );
    }
  });

  it('switches exact identifiers off', async () => {
    const catalog = await createCatalog({ definitions: tools });
    const topScore = async (identifierFirst: boolean) => {
      const index = await createOramaRanker({
        wordVectors: false,
        parameters: { identifierFirst },
      }).createIndex(catalog.entries);
      const [top] = await index.search('docs__get_page', 10);
      return { name: top?.entry.wireName, score: top?.score ?? 0 };
    };
    const first = await topScore(true);
    const scored = await topScore(false);
    expect(first.name).toBe('docs__get_page');
    // First by identifier: above the best score by words, plus its own.
    expect(first.score).toBeCloseTo(2 * scored.score + 1);
  });

  it('takes the relevance floor of the option over the parameters', async () => {
    const catalog = await createCatalog({ definitions: tools });
    const weakness = async (options: Parameters<typeof createOramaRanker>[0]) => {
      const index = await createOramaRanker({ wordVectors: false, ...options }).createIndex(
        catalog.entries,
      );
      return (await index.search('create an issue please now', 10))[0]?.weak === true;
    };
    expect(await weakness({ parameters: { relevanceFloor: 1.01 } })).toBe(true);
    expect(await weakness({ relevanceFloor: 0.4, parameters: { relevanceFloor: 1.01 } })).toBe(
      false,
    );
  });
});

describe('indexOfToolTerms', () => {
  it("ranks as each ranker's own index, from one analysis of the tools shared by many", async () => {
    const corpus = await loadEvalCorpus(
      fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url)),
    );
    const catalog = await createCatalog({
      definitions: corpus.tools,
      namespaces: Object.fromEntries(
        Object.entries(corpus.namespaces).map(([name, description]) => [name, { description }]),
      ),
    });
    const terms = analyzeToolTerms(catalog.entries);
    const answers = async (index: SearchIndex) => {
      const all: string[] = [];
      for (const intent of corpus.intents) {
        const results = await index.search(intent.query, 10);
        all.push(JSON.stringify(results.map(({ entry, score, weak }) => [entry.id, score, weak])));
      }
      return all;
    };
    for (const options of [
      { wordVectors: false as const },
      { wordVectors: false as const, parameters: { bm25: { k: 2, b: 0.75 }, phraseWeight: 0 } },
      { wordVectors: false as const, parameters: { synonyms: [], noEvidence: [] } },
    ]) {
      expect(await answers(indexOfToolTerms(terms, rankerSettingsOf(options)))).toEqual(
        await answers(await createOramaRanker(options).createIndex(catalog.entries)),
      );
    }
  });
});
