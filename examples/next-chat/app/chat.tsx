'use client';

import { useChat } from '@ai-sdk/react';
import {
  DefaultChatTransport,
  type DynamicToolUIPart,
  getToolName,
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type ToolUIPart,
} from 'ai';
import { useState } from 'react';

type Approve = ReturnType<typeof useChat>['addToolApprovalResponse'];

/** One tool call, in every state; a call made through `tool_call` arrives as the real tool's. */
function ToolCall({ part, approve }: { part: ToolUIPart | DynamicToolUIPart; approve: Approve }) {
  const name = getToolName(part);
  // The model looking for tools rather than using one: shown quietly.
  const discovery = name === 'tool_search' || name === 'tool_describe';
  return (
    <div className={discovery ? 'tool discovery' : 'tool'} data-tool={name} data-state={part.state}>
      <strong>{name}</strong> <code>{JSON.stringify(part.input)}</code>
      {part.state === 'input-streaming' && <p>Writing the call…</p>}
      {part.state === 'input-available' && <p>Running…</p>}
      {part.state === 'approval-requested' && (
        <p>
          <button type="button" onClick={() => approve({ id: part.approval.id, approved: true })}>
            Approve
          </button>
          <button type="button" onClick={() => approve({ id: part.approval.id, approved: false })}>
            Deny
          </button>
        </p>
      )}
      {part.state === 'approval-responded' && (
        <p>{part.approval.approved ? 'Approved, running…' : 'Denied, telling the model…'}</p>
      )}
      {part.state === 'output-available' && !discovery && (
        <pre>{JSON.stringify(part.output, null, 2)}</pre>
      )}
      {part.state === 'output-error' && <p role="alert">{part.errorText}</p>}
      {part.state === 'output-denied' && (
        <p>Denied{part.approval.reason ? `: ${part.approval.reason}` : '.'}</p>
      )}
    </div>
  );
}

export function Chat({ api }: { api: string }) {
  const [input, setInput] = useState('');
  const { messages, sendMessage, addToolApprovalResponse, addToolOutput, status, error } = useChat({
    transport: new DefaultChatTransport({ api }),
    // A tool without `execute` runs here, in the browser.
    onToolCall: ({ toolCall }) => {
      if (toolCall.toolName === 'browser.get_time_zone') {
        addToolOutput({
          tool: 'browser.get_time_zone',
          toolCallId: toolCall.toolCallId,
          output: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        });
      }
    },
    // Once every approval of the last message is answered, or every call of it has its output,
    // send it back: the server runs the approved calls (and tells the model of the denied ones)
    // and the model goes on.
    sendAutomaticallyWhen: (options) =>
      lastAssistantMessageIsCompleteWithApprovalResponses(options) ||
      lastAssistantMessageIsCompleteWithToolCalls(options),
  });
  return (
    <main>
      {messages.map((message) => (
        <div key={message.id} data-role={message.role}>
          {message.parts.map((part, index) => {
            if (part.type === 'text') return <p key={index}>{part.text}</p>;
            if (!isToolUIPart(part)) return null;
            return <ToolCall key={part.toolCallId} part={part} approve={addToolApprovalResponse} />;
          })}
        </div>
      ))}
      {error && <p role="alert">{error.message}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (input.trim() === '') return;
          sendMessage({ text: input });
          setInput('');
        }}
      >
        <input
          value={input}
          placeholder="Refund invoice INV-1042 · What is my time zone? · Find contact Ada Lovelace · Email Ada"
          onChange={(event) => setInput(event.target.value)}
          disabled={status === 'submitted' || status === 'streaming'}
        />
      </form>
    </main>
  );
}
