// The contracts of the shared API client's answers (app/lib/api-client.ts), in one module it loads
// with import() on its first call. Outside app/lib on purpose: the shell chunk takes every module
// there with its imports, and these schemas would put zod into the JavaScript of every first
// visit; one module costs the shell one lazy import instead of one a contract.
export {
  categoryListResponse,
  colorSizesResponse,
  featuredProductsResponse,
  productListResponse,
  productResponse,
  subcategoryListResponse,
} from '@shop/contracts/catalogue-answers';
export { authSessionResponse, messageResponse, userResponse } from '@shop/contracts/auth';
export {
  cartResponse,
  moveToCartResponse,
  wishlistResponse,
  wishlistToggleResponse,
} from '@shop/contracts/cart';
export { bannerListResponse, blogListResponse } from '@shop/contracts/content';
