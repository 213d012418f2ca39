import { cookies } from 'next/headers';
import { type Catalog, CatalogSwitch } from './catalog-switch';
import { Chat } from './chat';

/** `/` chats through the nodejs route, `/?runtime=edge` through the edge route. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<{ runtime?: string }>;
}) {
  const { runtime } = await searchParams;
  const edge = runtime === 'edge';
  const catalog: Catalog = (await cookies()).get('catalog')?.value === 'small' ? 'small' : 'large';
  return (
    <>
      <header>
        <h1>tool-disclosure chat</h1>
        <p>
          {edge ? 'edge' : 'nodejs'} runtime ·{' '}
          {process.env.OPENAI_API_KEY ? 'OpenAI' : 'scripted model (no key)'}
        </p>
        <CatalogSwitch initial={catalog} />
      </header>
      <Chat api={edge ? '/api/chat-edge' : '/api/chat'} />
    </>
  );
}
