import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useShopper } from '../../lib/shopper';
import { useToast } from '../../lib/toast';

export interface AddToCartInput {
  productId?: string;
  name: string;
  quantity: number;
  size: string | null;
  color?: { colorName: string; colorHex: string };
  selectedImage?: string;
}

/** Checks before adding to the cart, first missing field first; null when the input is complete. */
export function addToCartProblem(input: AddToCartInput): string | null {
  if (!input.productId) return 'Product ID is required';
  if (!input.size) return 'Size is required';
  if (!input.color?.colorName || !input.color.colorHex) return 'Color information is required';
  if (!input.selectedImage) return 'Product image is required';
  return null;
}

/** Add To Cart and Buy It Now for the product page and the home page's featured block. */
export function useAddToCart() {
  const { addToCart } = useShopper();
  const toast = useToast();
  const navigate = useNavigate();

  async function add(input: AddToCartInput): Promise<boolean> {
    const problem = addToCartProblem(input);
    if (problem) {
      toast.error(problem);
      return false;
    }
    try {
      await addToCart({
        productId: input.productId!,
        name: input.name,
        quantity: Math.max(1, input.quantity),
        size: input.size!.toLowerCase(),
        color: input.color!,
        selectedImage: input.selectedImage!,
      });
      toast.success(`${input.name} added to cart!`);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, `Failed to add ${input.name} to cart`));
      return false;
    }
  }

  return {
    addToCart: add,
    /** Adds, then goes to checkout. */
    buyNow: async (input: AddToCartInput) => {
      if (await add(input)) navigate('/checkout');
    },
  };
}
