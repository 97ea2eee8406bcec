import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bannerFormMessages,
  type AdminBanner,
  type BannerInput,
} from '@shop/contracts/banners-admin';
import { BannerForm } from '../../../../app/components/admin/banners/banner-form';

vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: () => Promise.reject(new Error('No uploads here')) }),
}));

afterEach(cleanup);

const banner = {
  _id: 'b1',
  name: 'Diwali',
  link: '/products/bras',
  image: '/media/banners/diwali.webp',
  mobileImage: null,
  isActive: true,
  startsAt: '2026-10-31T18:30:00.000Z',
  endsAt: null,
} as unknown as AdminBanner;

describe('the banner form', () => {
  it('announces each problem (the screen shows the save’s answer, not the form)', async () => {
    const saved: BannerInput[] = [];
    render(
      <BannerForm
        banner={banner}
        busy={false}
        onSave={(input) => void saved.push(input)}
        onCancel={() => {}}
      />,
    );
    expect((screen.getByLabelText('Shows from (India time)') as HTMLInputElement).value).toBe(
      '2026-11-01T00:00',
    );
    await userEvent.type(screen.getByLabelText('Shows until (India time)'), '2026-10-20T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        bannerFormMessages.endBeforeStart,
      ),
    );
    expect(saved).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Shows until (India time)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Diwali',
      link: '/products/bras',
      image: '/media/banners/diwali.webp',
      mobileImage: null,
      isActive: true,
      startsAt: '2026-10-31T18:30:00.000Z',
      endsAt: null,
    });
  });

  it('keeps the save button off while the screen saves', () => {
    render(<BannerForm banner={null} busy onSave={() => {}} onCancel={() => {}} />);
    expect((screen.getByRole('button', { name: 'Add banner' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
