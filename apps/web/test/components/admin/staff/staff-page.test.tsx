import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffMessages, type StaffGrant } from '@shop/contracts/staff';
import { ApiError } from '../../../../app/lib/api-client';
import { screenLoader } from '../../../../app/components/admin/list-page/list-loader';
import { StaffPage } from '../../../../app/components/admin/staff/staff-page';

function open() {
  const loader = screenLoader(
    () => server.list() as Promise<unknown>,
    (call) => call({} as never),
  );
  const router = createMemoryRouter([{ path: '/admin/staff', loader, element: <StaffPage /> }], {
    initialEntries: ['/admin/staff'],
  });
  return render(<RouterProvider router={router} />);
}

// The server, one call at a time: the screen's calls go through these.
const server = vi.hoisted(() => ({ list: vi.fn(), grant: vi.fn(), changeRole: vi.fn() }));
vi.mock('../../../../app/components/admin/staff/staff-api', () => ({ staffApi: () => server }));
vi.mock('../../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed, user: { _id: 'owner-1' } }) };
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('adding a staff member', () => {
  it('announces the schema’s and the server’s refusals in the form, then adds and clears', async () => {
    server.list.mockResolvedValue([]);
    const sent: StaffGrant[] = [];
    server.grant.mockImplementation(async (grant: StaffGrant) => {
      sent.push(grant);
      if (grant.email === 'nobody@example.in') throw new ApiError(staffMessages.unknownEmail, 404);
      return { message: 'Staff member added', data: { email: grant.email, role: grant.role } };
    });
    open();
    const form = await screen.findByRole('form', { name: 'Add a staff member' });
    const email = within(form).getByLabelText('Email') as HTMLInputElement;

    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(staffMessages.emailInvalid),
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, 'nobody@example.in');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(staffMessages.unknownEmail),
    );

    await userEvent.clear(email);
    await userEvent.type(email, 'asha@example.in');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'owner');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Staff member added: asha@example.in is Owner.',
    );
    expect(sent.at(-1)).toEqual({ email: 'asha@example.in', role: 'owner' });
    expect(email.value).toBe('');
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
