import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  productFormMessages,
  type AdminProduct,
  type ProductFormOptions,
  type ProductInput,
} from '@shop/contracts/products-admin';
import { ApiError } from '../../../../app/lib/api-client';
import { screenLoader } from '../../../../app/components/admin/list-page/list-loader';
import {
  loadProductScreen,
  ProductEditPage,
} from '../../../../app/components/admin/products/product-edit-page';

const category = '6f1d2c3b-0a9e-4b8c-9d7e-112233445566';
const options: ProductFormOptions = {
  categories: [{ _id: category, name: 'Bras', isActive: true, subcategories: [] }],
  sizeCharts: [],
} as unknown as ProductFormOptions;

const product = {
  _id: 'p1',
  name: 'Rosewood balconette',
  slug: 'rosewood-balconette',
  subheading: '',
  description: '',
  brand: '',
  category,
  subcategory: null,
  categoryName: 'Bras',
  subcategoryName: null,
  sizeChartId: null,
  price: 1899,
  originalPrice: null,
  rating: 0,
  reviewCount: 0,
  images: [],
  colors: [
    {
      _id: 'c1',
      colorName: 'Rosewood',
      colorHex: '#8A3B4A',
      photos: [],
      sizeStock: [{ size: '34B', stock: 6 }],
    },
  ],
  tags: [],
  specifications: [],
  inStock: true,
  isActive: true,
  countryOfOrigin: 'India',
  hsnCode: '621210',
  manufacturer: '',
  genericName: '',
  netQuantity: '1 N',
  inPastOrders: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as unknown as AdminProduct;

// The server, one call at a time: the screen's calls go through these.
const server = vi.hoisted(() => ({
  options: vi.fn(),
  get: vi.fn(),
  save: vi.fn(),
  create: vi.fn(),
}));
vi.mock('../../../../app/components/admin/products/products-api', () => ({
  productsApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

/** The screen at its address, loaded by its route's loader over the mocked calls. */
function open(productId: string | null) {
  const loader = screenLoader(loadProductScreen, (call) => call({} as never));
  const router = createMemoryRouter(
    [
      { path: '/admin/products/new', loader, element: <ProductEditPage productId={null} /> },
      {
        path: '/admin/products/:productId',
        loader,
        element: <ProductEditPage productId={productId} />,
      },
    ],
    { initialEntries: [productId ? `/admin/products/${productId}` : '/admin/products/new'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the product form', () => {
  it('shows why the product could not be loaded, and loads it again on request', async () => {
    server.options.mockResolvedValue(options);
    server.get.mockRejectedValueOnce(new ApiError('Product not found', 404));
    server.get.mockResolvedValueOnce(product);
    open('p1');
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: product.name, level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(product.name);
  });

  it('shows the contract’s messages beside the fields and sends nothing', async () => {
    server.options.mockResolvedValue(options);
    open(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Create product' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('product-name-error')?.textContent).toBe(
      productFormMessages.name,
    );
    expect(screen.getByLabelText('Price with GST (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(productFormMessages.price)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Some fields need attention: see the messages below them.',
    );
    expect(server.create).not.toHaveBeenCalled();
  });

  it('saves the typed rupees and shows what the server answered', async () => {
    server.options.mockResolvedValue(options);
    server.get.mockResolvedValue(product);
    let sent: ProductInput | undefined;
    server.save.mockImplementation(async (_id: string, values: ProductInput) => {
      sent = values;
      return { ...product, price: 1749.5, originalPrice: 2999 };
    });
    open('p1');
    const price = await screen.findByLabelText('Price with GST (₹)');
    expect((price as HTMLInputElement).value).toBe('1899');
    await userEvent.clear(price);
    await userEvent.type(price, '1749.50');
    await userEvent.type(screen.getByLabelText('MRP (₹)'), '2999');
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved. The shop shows the change now.',
    );
    expect(sent).toMatchObject({ price: 1749.5, originalPrice: 2999, name: product.name });
    expect(sent?.colors[0]?.sizeStock[0]).toMatchObject({ size: '34B', stock: 6, stockWas: 6 });
    // The form now holds the saved product, as the server wrote it.
    expect((screen.getByLabelText('Price with GST (₹)') as HTMLInputElement).value).toBe('1749.5');
  });

  it('shows the server’s refusal as worded, on the field it names', async () => {
    server.options.mockResolvedValue(options);
    server.get.mockResolvedValue(product);
    const refusal = 'Between ₹1,000 and ₹1,100 the GST rate changes: choose another price.';
    server.save.mockRejectedValue(new ApiError(refusal, 400, 'price'));
    open('p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Save product' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    const price = screen.getByLabelText('Price with GST (₹)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('product-price-error')?.textContent).toBe(refusal);
    expect(
      (screen.getByRole('button', { name: 'Save product' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
