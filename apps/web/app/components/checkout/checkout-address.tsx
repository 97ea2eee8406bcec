import type { ChangeEvent } from 'react';
import type { SavedAddress, SavedAddressInput, User } from '@shop/contracts/auth';
import { MAX_ADDRESSES } from '@shop/domain/contact-details';
import { useAuth } from '../../lib/auth-session';
import { accountApi } from '../account/account-api';
import { TextField, useSchemaForm } from '../account/schema-form';

export const emptyCheckoutAddress = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  pinCode: '',
  phone: '',
};
export type CheckoutAddressValues = typeof emptyCheckoutAddress;

/** The choice standing for an address typed at checkout rather than picked from the profile. */
export const NEW_ADDRESS = 'new';

/** The account holder's name: saved addresses are named after a place (Home), not a person. */
export function accountName(user: User): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * Every checkout field from a saved address. The recipient is the account holder (a saved
 * address has no recipient of its own) and a saved address without a phone takes the account's.
 */
export function fromSavedAddress(address: SavedAddress, user: User): CheckoutAddressValues {
  return {
    name: accountName(user),
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
    phone: address.phone || user.phone,
  };
}

/** A new address starts with the account holder's name and phone, the rest blank. */
export function newAddressValues(user: User | undefined): CheckoutAddressValues {
  return {
    ...emptyCheckoutAddress,
    name: user ? accountName(user) : '',
    phone: user?.phone ?? '',
  };
}

const comparable = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The same place: lines, city, state, PIN and phone alike, ignoring case and spacing. */
export function isSameAddress(saved: SavedAddress, typed: SavedAddressInput): boolean {
  return (['addressLine1', 'addressLine2', 'city', 'state', 'pinCode', 'phone'] as const).every(
    (field) => comparable(saved[field]) === comparable(typed[field] ?? ''),
  );
}

/** A name no saved address has yet: Home, then Office, then Other, Other 2, ... */
export function suggestedAddressName(addresses: readonly SavedAddress[]): string {
  const taken = new Set(addresses.map((address) => comparable(address.name)));
  for (const name of ['Home', 'Office', 'Other']) if (!taken.has(comparable(name))) return name;
  let number = 2;
  while (taken.has(comparable(`Other ${number}`))) number += 1;
  return `Other ${number}`;
}

const toInput = ({ _id, ...rest }: SavedAddress): SavedAddressInput => ({ _id, ...rest });

/**
 * Stores an address typed at checkout in the profile: the list is read afresh and the address
 * added to it (the profile's address list is replaced whole), unless the same place is already
 * saved. Answers the profile as it now is.
 */
export function useSaveCheckoutAddress() {
  const { authed, setUser } = useAuth();
  return async (address: SavedAddressInput): Promise<User> => {
    const current = await authed((api) => api.profile());
    if (current.addresses.some((saved) => isSameAddress(saved, address))) {
      setUser(current);
      return current;
    }
    const { data } = await authed((api) =>
      accountApi(api).updateProfile({ addresses: [...current.addresses.map(toInput), address] }),
    );
    setUser(data);
    return data;
  };
}

/** The saved addresses to pick from, and a new one; picking one fills the form from it. */
export function SavedAddressPicker({
  addresses,
  selected,
  onSelect,
}: {
  addresses: readonly SavedAddress[];
  selected: string;
  onSelect: (choice: string) => void;
}) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => onSelect(event.target.value);
  const option =
    'grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-xl border border-line p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-blush/40';
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-medium text-ink">Deliver to</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {addresses.map((address) => (
          <label key={address._id} className={option}>
            <input
              type="radio"
              name="saved-address"
              value={address._id}
              checked={selected === address._id}
              onChange={choose}
              className="row-span-2 mt-1 accent-brand-600"
            />
            <span className="font-medium">{address.name}</span>
            <span className="text-muted">
              {[
                address.addressLine1,
                address.addressLine2,
                address.city,
                address.state,
                address.pinCode,
              ]
                .filter(Boolean)
                .join(', ')}
            </span>
          </label>
        ))}
        <label className={option}>
          <input
            type="radio"
            name="saved-address"
            value={NEW_ADDRESS}
            checked={selected === NEW_ADDRESS}
            onChange={choose}
            className="mt-1 accent-brand-600"
          />
          <span className="font-medium">A new address</span>
        </label>
      </div>
    </fieldset>
  );
}

/** 'Save this address' and the name it is saved under, for an address typed at checkout. */
export function useSaveAddressChoice() {
  const label = useSchemaForm({ name: '' });
  return {
    label,
    /**
     * The address to store, or null with the name's message shown (the address itself was
     * checked as a checkout address already).
     */
    async check(address: CheckoutAddressValues): Promise<SavedAddressInput | null> {
      // The profile's address rule loads with the order's, when she submits (not with the page).
      const { savedAddressInput } = await import('@shop/contracts/auth');
      const { name: _recipient, ...place } = address;
      return label.check(savedAddressInput, { ...place, name: label.values.name });
    },
  };
}

export function SaveAddressOption({
  checked,
  onChange,
  label,
  full,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReturnType<typeof useSaveAddressChoice>['label'];
  /** The profile holds as many addresses as it may. */
  full: boolean;
}) {
  if (full) {
    return (
      <p className="mt-4 text-sm text-muted">
        You have {MAX_ADDRESSES} saved addresses, the most a profile keeps: remove one in your
        profile to save another.
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="accent-brand-600"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        Save this address
      </label>
      {checked && (
        <TextField
          {...label.field('name')}
          label="Save as"
          placeholder="Home, Office..."
          maxLength={60}
          className="sm:max-w-xs"
        />
      )}
    </div>
  );
}
