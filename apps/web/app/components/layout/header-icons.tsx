import { Link } from 'react-router';
import { useShopper } from '../../lib/shopper';
import { BagIcon, HeartIcon, UserIcon } from './icons';

function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span
      data-testid={`${label}-count`}
      className="absolute -right-1.5 -top-1.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-600 px-1 text-[10px] font-semibold leading-none text-white"
    >
      {count}
    </span>
  );
}

export function HeaderIcons() {
  const { cartCount, wishlistCount, signedIn, openSignIn } = useShopper();
  const iconClass = 'relative rounded-full p-2 text-ink hover:bg-blush hover:text-brand-700';
  return (
    <div className="flex items-center gap-1">
      <Link to="/Wishlist" className={iconClass} aria-label={`Wishlist, ${wishlistCount} items`}>
        <HeartIcon />
        <CountBadge count={wishlistCount} label="wishlist" />
      </Link>
      <Link to="/cart" className={iconClass} aria-label={`Cart, ${cartCount} items`}>
        <BagIcon />
        <CountBadge count={cartCount} label="cart" />
      </Link>
      {signedIn ? (
        <Link to="/profile" className={iconClass} aria-label="My account">
          <UserIcon />
        </Link>
      ) : (
        <button
          type="button"
          className={iconClass}
          aria-label="Sign in"
          onClick={() => openSignIn('login')}
        >
          <UserIcon />
        </button>
      )}
    </div>
  );
}
