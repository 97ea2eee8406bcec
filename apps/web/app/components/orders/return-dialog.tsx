import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shop/contracts/catalogue';
import type { Order, OrderItem, ReturnRequestResult } from '@shop/contracts/orders';
import { sameColorName, sameSize } from '@shop/domain/cart';
import { orderShopperView } from '@shop/domain/orders';
import { canChooseSize, exchangeChoices, type ExchangeColor } from '@shop/domain/returns';
import { createApiClient, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { mediaUrl } from '../../lib/media';
import { useToast } from '../../lib/toast';
import { useModalDialog } from '../use-modal-dialog';
import { orderApi } from './order-api';
import { OrderBadge, ReturnLines } from './order-view';
import {
  buildReturnRequest,
  exchangeTarget,
  lineBlockedReason,
  type LineChoice,
} from './return-request';
import { ReasonField } from './reason-field';

const button =
  'rounded-full border border-line bg-white px-4 py-1.5 text-sm font-medium hover:border-brand-300';
const field = 'mt-1 block w-full rounded-lg border border-line bg-white px-2 py-1.5 text-sm';

/** A product's colours and sizes as loaded for exchanges: 'failed' when they could not be. */
type Catalogue = Record<string, Product | 'failed'>;

/**
 * Request a return: every line of the order with whether it can be taken back; a ticked line is
 * exchanged for another size or colour in stock, or returned for a refund, in part or whole.
 */
export function ReturnDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order;
  onClose: () => void;
  onDone: () => void;
}) {
  const dialogRef = useModalDialog(true);
  const { authed } = useAuth();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [catalogue, setCatalogue] = useState<Catalogue>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReturnRequestResult | null>(null);

  const open = order.items.filter((item) => lineBlockedReason(order, item) === null);
  const productIds = [...new Set(open.map((item) => item.product))].join(',');

  // The sizes and colours an exchange can be for: the catalogue's, with today's stock.
  useEffect(() => {
    if (!productIds) return;
    let live = true;
    const api = createApiClient();
    for (const id of productIds.split(',')) {
      api
        .getProduct(id)
        .then(
          (product): Product | 'failed' => product,
          () => 'failed' as const,
        )
        .then((loaded) => live && setCatalogue((previous) => ({ ...previous, [id]: loaded })));
    }
    return () => {
      live = false;
    };
  }, [productIds]);

  const offerFor = (item: OrderItem, quantity: number): ExchangeColor[] | 'loading' | 'failed' => {
    const product = catalogue[item.product];
    if (product === undefined) return 'loading';
    if (product === 'failed') return 'failed';
    return exchangeChoices(product.colors, { ...item.color, size: item.size, quantity });
  };

  const ticked = order.items.flatMap((item) => {
    const picked = choices[item._id];
    if (!picked) return [];
    const offer = offerFor(item, picked.quantity);
    // With nothing in stock to exchange for, the line can only be returned.
    const exchangeable = offer === 'loading' || (Array.isArray(offer) && offer.length > 0);
    const choice: LineChoice = exchangeable ? picked : { ...picked, action: 'return' };
    const target = Array.isArray(offer) ? exchangeTarget(offer, choice.wanted, item.color) : null;
    return [{ item, choice, target }];
  });

  function toggle(item: OrderItem, on: boolean) {
    setChoices((previous) => {
      const next = { ...previous };
      if (!on) delete next[item._id];
      else {
        // An exchange is the shop's first offer (a refund when nothing else is in stock).
        next[item._id] = { action: 'exchange', quantity: item.quantity, wanted: null };
      }
      return next;
    });
  }

  function change(item: OrderItem, update: Partial<LineChoice>) {
    setChoices((previous) => {
      const current = previous[item._id];
      return current ? { ...previous, [item._id]: { ...current, ...update } } : previous;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || busy) return;
    const checked = buildReturnRequest(reason, ticked);
    if (!checked.ok) {
      setFailure(checked.message);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await authed((api) => orderApi(api).returnOrder(order._id, checked.request));
      toast.success('Return requested successfully');
      setResult(answer.data);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to return order'));
    }
    setBusy(false);
  }

  const shell =
    'm-auto w-[min(94vw,38rem)] max-h-[92dvh] overflow-y-auto rounded-2xl bg-white p-4 text-ink backdrop:bg-ink/50 sm:p-6';

  return (
    <dialog
      ref={dialogRef}
      onClose={result ? onDone : onClose}
      aria-labelledby="return-title"
      className={shell}
    >
      {result ? (
        <ReturnRequested result={result} onDone={onDone} />
      ) : (
        <form onSubmit={submit}>
          <h2 id="return-title" className="font-serif text-2xl">
            Request a return {order.orderNumber}
          </h2>
          <p className="mt-2 text-sm text-muted">
            Exchange an item for another size or colour, or return it for a refund, within 3 days of
            delivery. Read our{' '}
            <Link to="/return-refund-policy" className="text-brand-700 underline">
              exchange policy
            </Link>
            .
          </p>
          {failure && (
            <p role="alert" className="mt-3 rounded-lg bg-red-600 px-3 py-2 text-sm text-white">
              {failure}
            </p>
          )}
          <fieldset className="mt-4">
            <legend className="text-sm font-medium">Items to exchange or return</legend>
            <ul className="mt-2 space-y-2">
              {order.items.map((item) => {
                const line = ticked.find((candidate) => candidate.item === item);
                return (
                  <ReturnLineRow
                    key={item._id}
                    item={item}
                    blocked={lineBlockedReason(order, item)}
                    choice={line?.choice}
                    offer={offerFor(item, line?.choice.quantity ?? item.quantity)}
                    target={line?.target ?? null}
                    onToggle={(on) => toggle(item, on)}
                    onChange={(update) => change(item, update)}
                  />
                );
              })}
            </ul>
          </fieldset>
          <ReasonField value={reason} onChange={setReason} />
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={!reason.trim() || busy}
              className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white disabled:opacity-50"
            >
              {busy ? 'Sending...' : 'Request return'}
            </button>
            <button type="button" onClick={onClose} className={button}>
              Keep it
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/** The answer: the order as it now stands, its return lines, and what could not be taken. */
function ReturnRequested({ result, onDone }: { result: ReturnRequestResult; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form it replaces held focus: it moves to the answer's title.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h2 id="return-title" ref={heading} tabIndex={-1} className="font-serif text-2xl">
        Return requested {result.orderNumber}
      </h2>
      <p className="mt-2">
        <OrderBadge order={result} view={orderShopperView(result, new Date())} />
      </p>
      {result.declined.length > 0 && (
        <section
          aria-labelledby="return-declined"
          className="mt-3 rounded-lg bg-red-50 p-3 text-sm"
        >
          <h3 id="return-declined" className="font-medium text-red-900">
            Not accepted
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-red-900">
            {result.declined.map((line) => (
              <li key={line.itemId}>{line.reason}</li>
            ))}
          </ul>
        </section>
      )}
      <ReturnLines returns={result.returns} />
      <button type="button" onClick={onDone} className={`${button} mt-5`}>
        Done
      </button>
    </>
  );
}

function ReturnLineRow({
  item,
  blocked,
  choice,
  offer,
  target,
  onToggle,
  onChange,
}: {
  item: OrderItem;
  blocked: string | null;
  choice: LineChoice | undefined;
  offer: ExchangeColor[] | 'loading' | 'failed';
  target: { colorName: string; size: string } | null;
  onToggle: (on: boolean) => void;
  onChange: (update: Partial<LineChoice>) => void;
}) {
  const id = `return-line-${item._id}`;
  const noExchange = offer === 'failed' || (Array.isArray(offer) && offer.length === 0);
  const targetColor = Array.isArray(offer)
    ? offer.find((color) => target && sameColorName(color.colorName, target.colorName))
    : undefined;
  const notes = [blocked && `${id}-why`, item.returnCondition && `${id}-condition`]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={`rounded-xl border p-3 ${choice ? 'border-brand-300 bg-brand-50/40' : 'border-line'}`}
      data-testid="return-item"
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={choice !== undefined}
          disabled={blocked !== null}
          onChange={(event) => onToggle(event.target.checked)}
          aria-describedby={notes || undefined}
          className="mt-1 size-5 shrink-0 accent-brand-600 disabled:opacity-40"
        />
        <img
          src={mediaUrl(item.productImage, 150)}
          alt=""
          width={48}
          height={60}
          className="h-15 w-12 shrink-0 rounded bg-cream object-cover"
        />
        <div className="min-w-0 flex-1 text-sm">
          <label htmlFor={id} className={`font-medium ${blocked ? 'text-muted' : ''}`}>
            {item.productName}
          </label>
          <p className="text-muted">
            {item.color.colorName} · Size {item.size.toUpperCase()} · Qty {item.quantity}
          </p>
          {blocked && (
            <p id={`${id}-why`} className="mt-1 text-red-800">
              {blocked}
            </p>
          )}
          {item.returnCondition && (
            <p id={`${id}-condition`} className="mt-1 text-amber-900">
              {item.returnCondition}
            </p>
          )}
        </div>
      </div>
      {choice && (
        <div className="mt-3 space-y-3 text-sm sm:pl-8">
          <fieldset>
            <legend className="font-medium">What would you like for {item.productName}?</legend>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-action`}
                  value="exchange"
                  checked={choice.action === 'exchange'}
                  disabled={noExchange}
                  onChange={() => onChange({ action: 'exchange' })}
                  className="size-4 accent-brand-600"
                />
                Exchange
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-action`}
                  value="return"
                  checked={choice.action === 'return'}
                  onChange={() => onChange({ action: 'return' })}
                  className="size-4 accent-brand-600"
                />
                Return for refund
              </label>
            </div>
          </fieldset>
          {item.quantity > 1 && (
            <div className="max-w-40">
              <label htmlFor={`${id}-quantity`} className="font-medium">
                How many to send back
              </label>
              <select
                id={`${id}-quantity`}
                value={choice.quantity}
                onChange={(event) => onChange({ quantity: Number(event.target.value) })}
                className={field}
              >
                {Array.from({ length: item.quantity }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
          )}
          {choice.action === 'exchange' && offer === 'loading' && (
            <p className="text-muted">Loading sizes and colours...</p>
          )}
          {noExchange && (
            <p className="text-muted">
              {offer === 'failed'
                ? 'Sizes and colours could not be loaded: choose Return for refund.'
                : 'No other size or colour is in stock: choose Return for refund.'}
            </p>
          )}
          {choice.action === 'exchange' && Array.isArray(offer) && target && targetColor && (
            <div className="grid grid-cols-2 gap-3 sm:max-w-md">
              <div>
                <label htmlFor={`${id}-color`} className="font-medium">
                  Colour wanted
                </label>
                <select
                  id={`${id}-color`}
                  value={targetColor.colorName}
                  onChange={(event) =>
                    onChange({ wanted: { colorName: event.target.value, size: target.size } })
                  }
                  className={field}
                >
                  {offer.map((color) => (
                    <option key={color.colorName} value={color.colorName}>
                      {color.colorName}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-size`} className="font-medium">
                  Size wanted
                </label>
                <select
                  id={`${id}-size`}
                  value={targetColor.sizes.find((size) => sameSize(size.size, target.size))?.size}
                  onChange={(event) =>
                    onChange({
                      wanted: { colorName: targetColor.colorName, size: event.target.value },
                    })
                  }
                  className={field}
                >
                  {targetColor.sizes.map((size) => (
                    <option key={size.size} value={size.size} disabled={!canChooseSize(size)}>
                      {size.size.toUpperCase()}
                      {size.bought ? ' (yours now)' : size.inStock ? '' : ' (out of stock)'}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
