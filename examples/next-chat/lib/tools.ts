/**
 * The app's tools, in two catalogs the page switches between (the `catalog` cookie):
 *
 * - `smallCatalog`: the 6 tools with real behaviour, below the default caps (32 tools), so the
 *   model is sent them as they are;
 * - `largeCatalog`: those and 55 more, 61 in five namespaces (crm, billing, calendar, mail,
 *   browser), above the caps, so the model is shown the bridges and finds the rest on demand.
 *
 * Their results are made up: this is a demo of the disclosure, not of a CRM.
 */
import { type ToolSet, tool } from 'ai';
import { z } from 'zod';

/** One made-up tool: a description, string parameters, and a result that echoes its input. */
function demoTool(description: string, params: readonly string[]) {
  return tool({
    description,
    inputSchema: z.object(Object.fromEntries(params.map((param) => [param, z.string()]))),
    execute: async (input: Record<string, string>) => ({ ok: true, ...input }),
  });
}

/** `[name, description, parameters]` of the tools that only echo their input. */
const echoing: Record<string, readonly (readonly [string, string, readonly string[]])[]> = {
  crm: [
    ['create_contact', 'Create a CRM contact with a name and an email address.', ['name', 'email']],
    [
      'update_contact',
      'Update fields of an existing CRM contact.',
      ['contactId', 'field', 'value'],
    ],
    ['merge_contacts', 'Merge two duplicate CRM contacts into one.', ['keepId', 'mergeId']],
    ['list_deals', 'List open deals in the sales pipeline, by stage.', ['stage']],
    ['create_deal', 'Create a sales deal for a contact.', ['contactId', 'title']],
    ['update_deal_stage', 'Move a deal to another pipeline stage.', ['dealId', 'stage']],
    ['log_call', 'Log a phone call with a contact, with notes.', ['contactId', 'notes']],
    ['add_note', 'Add a free-text note to a contact or deal.', ['recordId', 'text']],
    ['list_companies', 'List companies (accounts) in the CRM by industry.', ['industry']],
    ['create_company', 'Create a company (account) record.', ['name', 'domain']],
    ['assign_owner', 'Assign a sales owner to a contact, company or deal.', ['recordId', 'owner']],
    ['tag_contact', 'Add a tag to a contact.', ['contactId', 'tag']],
    ['export_segment', 'Export a contact segment as CSV.', ['segment']],
  ],
  billing: [
    ['get_invoice', 'Get a paid or open invoice by its id.', ['invoiceId']],
    ['list_invoices', 'List invoices of a customer, newest first.', ['customerId']],
    ['create_invoice', 'Create a draft invoice for a customer.', ['customerId', 'currency']],
    ['send_invoice', 'Email an invoice to the customer.', ['invoiceId']],
    ['void_invoice', 'Void an open invoice that should not be paid.', ['invoiceId']],
    ['create_customer', 'Create a billing customer.', ['name', 'email']],
    [
      'update_payment_method',
      'Change the default payment method of a customer.',
      ['customerId', 'paymentMethodId'],
    ],
    ['list_subscriptions', 'List the subscriptions of a customer.', ['customerId']],
    ['cancel_subscription', 'Cancel a subscription at the end of its period.', ['subscriptionId']],
    ['apply_coupon', 'Apply a coupon code to a subscription.', ['subscriptionId', 'code']],
    ['get_balance', 'Get the account balance of a customer.', ['customerId']],
    ['list_payments', 'List the payments received from a customer.', ['customerId']],
    ['delete_customer', 'Delete a billing customer and their payment methods.', ['customerId']],
  ],
  calendar: [
    [
      'create_event',
      'Create a calendar event with a title, start and end time.',
      ['title', 'start', 'end'],
    ],
    ['update_event', 'Move or rename a calendar event.', ['eventId', 'start', 'end']],
    ['delete_event', 'Delete a calendar event.', ['eventId']],
    ['list_events', 'List calendar events between two dates.', ['from', 'to']],
    [
      'find_free_slot',
      'Find a free slot of a given length for a set of attendees.',
      ['attendees', 'minutes'],
    ],
    ['invite_attendee', 'Invite someone to an existing event.', ['eventId', 'email']],
    ['remove_attendee', 'Remove an attendee from an event.', ['eventId', 'email']],
    ['set_reminder', 'Set a reminder before an event.', ['eventId', 'minutesBefore']],
    ['create_calendar', 'Create a new shared calendar.', ['name']],
    ['share_calendar', 'Share a calendar with a colleague.', ['calendarId', 'email']],
    [
      'set_out_of_office',
      'Set an out-of-office period with an auto-reply.',
      ['from', 'to', 'message'],
    ],
    ['book_room', 'Book a meeting room for an event.', ['eventId', 'room']],
    ['list_rooms', 'List meeting rooms and their capacity.', ['building']],
    [
      'respond_to_invite',
      'Accept, decline or tentatively accept an invitation.',
      ['eventId', 'response'],
    ],
    ['get_timezone', 'Get the time zone of a user.', ['email']],
  ],
  mail: [
    ['search_messages', 'Search the mailbox by sender, subject or text.', ['query']],
    ['read_message', 'Read one email message by its id.', ['messageId']],
    ['reply_to_message', 'Reply to an email message.', ['messageId', 'body']],
    ['forward_message', 'Forward an email message to someone.', ['messageId', 'to']],
    ['create_draft', 'Save an email draft without sending it.', ['to', 'subject', 'body']],
    ['archive_message', 'Archive an email message.', ['messageId']],
    ['label_message', 'Add a label to an email message.', ['messageId', 'label']],
    ['create_label', 'Create a mailbox label.', ['name']],
    ['list_labels', 'List the mailbox labels.', []],
    ['mark_as_read', 'Mark an email message as read.', ['messageId']],
    [
      'create_filter',
      'Create a mailbox filter that labels or archives matching mail.',
      ['query', 'action'],
    ],
    [
      'get_attachment',
      'Download an attachment of an email message.',
      ['messageId', 'attachmentId'],
    ],
    ['unsubscribe', 'Unsubscribe from a mailing list.', ['messageId']],
    ['set_signature', 'Set the email signature.', ['text']],
  ],
};

/** How many times each invoice was refunded since the server started. */
const refunds = new Map<string, number>();

/**
 * The tools the scripted model calls, with real behaviour: an approval rule, a lookup, a failure,
 * and a tool the browser answers.
 */
const scripted = {
  'crm.find_contact': tool({
    description: 'Find a CRM contact by name or email.',
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => ({
      contacts: [
        { id: 'c_1', name: query, email: `${query.split(' ')[0]?.toLowerCase()}@example.com` },
      ],
    }),
  }),
  'crm.delete_contact': tool({
    description: 'Delete a CRM contact for good.',
    inputSchema: z.object({ contactId: z.string() }),
    needsApproval: true,
    execute: async ({ contactId }) => ({ deleted: contactId }),
  }),
  'billing.refund_invoice': tool({
    description: 'Refund a paid invoice, fully or partly.',
    inputSchema: z.object({ invoiceId: z.string(), amountCents: z.number().int().optional() }),
    // Asked for also when the model reaches the tool through tool_call: ai applies this rule to
    // the call of the real tool the wrapper hands it.
    needsApproval: true,
    execute: async ({ invoiceId, amountCents }) => {
      const refundCount = (refunds.get(invoiceId) ?? 0) + 1;
      refunds.set(invoiceId, refundCount);
      // The browser test counts these lines, and reads refundCount: an approved call runs once,
      // whichever catalog it resumes in.
      console.info(`refunded ${invoiceId}`);
      return {
        refunded: invoiceId,
        amountCents: amountCents ?? 12_900,
        status: 'succeeded',
        refundCount,
      };
    },
  }),
  'billing.delete_invoice': tool({
    description: 'Delete a draft invoice.',
    inputSchema: z.object({ invoiceId: z.string() }),
    execute: async ({ invoiceId }) => ({ deleted: invoiceId }),
  }),
  'mail.send_email': tool({
    description: 'Send an email to one recipient.',
    inputSchema: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
    execute: async ({ to }) => {
      if (!to.includes('@')) throw new Error(`Cannot send to "${to}": not an email address.`);
      return { sent: true, to };
    },
  }),
  // A client-side tool: no `execute`, so the loop stops at its call and the page answers it
  // (useChat's onToolCall and addToolOutput), also when the model calls it through tool_call.
  'browser.get_time_zone': tool({
    description: "Get the time zone of the user's browser, to read the times they give.",
    inputSchema: z.object({}),
    outputSchema: z.object({ timeZone: z.string() }),
  }),
} satisfies ToolSet;

export const smallCatalog: ToolSet = scripted;

export const largeCatalog: ToolSet = {
  ...scripted,
  ...Object.fromEntries(
    Object.entries(echoing).flatMap(([namespace, list]) =>
      list.map(([name, description, params]) => [
        `${namespace}.${name}`,
        demoTool(description, params),
      ]),
    ),
  ),
};
