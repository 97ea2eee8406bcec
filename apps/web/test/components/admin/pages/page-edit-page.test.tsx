import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  shopPageMessages,
  type AdminShopPage,
  type ShopPageContent,
} from '@shop/contracts/shop-pages';
import { screenLoader } from '../../../../app/components/admin/list-page/list-loader';
import { PageEditPage } from '../../../../app/components/admin/pages/page-edit-page';

// The server, one call at a time: the screen's calls go through these.
const server = vi.hoisted(() => ({ get: vi.fn(), save: vi.fn(), restore: vi.fn() }));
vi.mock('../../../../app/components/admin/pages/pages-api', () => ({ pagesApi: () => server }));
vi.mock('../../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed }) };
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const faq = {
  key: 'faq',
  title: 'FAQ',
  path: '/faq',
  content: {
    kind: 'faq',
    groups: [
      {
        id: 'orders',
        title: 'Orders',
        description: 'Placing and changing orders',
        entries: [{ question: 'Can I change my order?', answer: 'Until it ships, yes.' }],
      },
    ],
  },
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: null,
  original: true,
} as unknown as AdminShopPage;

function open() {
  const loader = screenLoader(
    () => server.get('faq') as Promise<unknown>,
    (call) => call({} as never),
  );
  const router = createMemoryRouter(
    [{ path: '/admin/pages/faq', loader, element: <PageEditPage pageKey="faq" /> }],
    { initialEntries: ['/admin/pages/faq'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the FAQ editor', () => {
  it('refuses a blank question beside it, then saves the new topic with its anchor', async () => {
    server.get.mockResolvedValue(faq);
    let sent: ShopPageContent | undefined;
    server.save.mockImplementation(async (_key: string, content: ShopPageContent) => {
      sent = content;
      return {
        message: 'Page saved',
        data: { ...faq, content, updatedAt: '2026-11-02T10:00:00.000Z', original: false },
      };
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a topic' }));
    await userEvent.type(screen.getAllByLabelText('Topic title')[1]!, 'Returns and exchanges');
    await userEvent.type(screen.getAllByLabelText('Topic description')[1]!, 'Sending things back');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));

    const question = document.getElementById('faq-1-0-question')!;
    await waitFor(() => expect(question.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('faq-1-0-question-error')?.textContent).toBe(
      shopPageMessages.question,
    );
    expect(server.save).not.toHaveBeenCalled();

    await userEvent.type(question, 'How do I return a bra?');
    await userEvent.type(
      document.getElementById('faq-1-0-answer')!,
      'Within 7 days, unworn, tags on.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect((await screen.findByText(/^Page saved\. The shop shows it now/)).textContent).toContain(
      'last updated',
    );
    expect(sent).toMatchObject({
      kind: 'faq',
      groups: [{ id: 'orders' }, { id: 'returns-and-exchanges', title: 'Returns and exchanges' }],
    });
  });
});
