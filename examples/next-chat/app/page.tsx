import { Chat } from './chat';

/** `/` chats through the nodejs route, `/?runtime=edge` through the edge route. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<{ runtime?: string }>;
}) {
  const { runtime } = await searchParams;
  const edge = runtime === 'edge';
  return (
    <>
      <header>
        <h1>tool-disclosure chat</h1>
        <p>
          60 tools, deferred behind tool_search, tool_describe and tool_call ·{' '}
          {edge ? 'edge' : 'nodejs'} runtime ·{' '}
          {process.env.OPENAI_API_KEY ? 'OpenAI' : 'scripted model (no key)'}
        </p>
      </header>
      <Chat api={edge ? '/api/chat-edge' : '/api/chat'} />
    </>
  );
}
