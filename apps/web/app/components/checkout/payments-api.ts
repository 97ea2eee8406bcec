// The payment calls, each answer parsed with the payments contract. They live with the payment
// window rather than in the API client (app/lib goes into the shell chunk every page loads), so
// the contract and zod load only with the pages that take payments: checkout, order
// confirmation, My Orders.
import {
  paymentResponse,
  paymentStartResponse,
  simulatorPayResponse,
  verifiedPaymentResponse,
  type CheckoutResult,
  type InitiatePaymentInput,
  type PaymentFailureInput,
} from '@shop/contracts/payments';
import type { ApiClient } from '../../lib/api-client';

/** Opens (or reuses) the provider order of one of the shopper's orders. */
export const initiatePayment = (api: ApiClient, input: InitiatePaymentInput) =>
  api.send(paymentStartResponse, 'POST', '/payments/initiate', 'Failed to initiate payment', input);

export const verifyPayment = (api: ApiClient, result: CheckoutResult) =>
  api.send(
    verifiedPaymentResponse,
    'POST',
    '/payments/verify',
    'Payment verification failed',
    result,
  );

export const paymentSuccess = (api: ApiClient, result: CheckoutResult) =>
  api.send(
    verifiedPaymentResponse,
    'POST',
    '/payments/success',
    'Failed to process payment success',
    result,
  );

export const paymentFailure = (api: ApiClient, failure: PaymentFailureInput) =>
  api.send(
    paymentResponse,
    'POST',
    '/payments/failure',
    'Failed to process payment failure',
    failure,
  );

/** The simulator's window paying (or failing) a provider order: answers the checkout result. */
export const simulatePayment = (
  api: ApiClient,
  razorpayOrderId: string,
  outcome: 'success' | 'failure',
) =>
  api.send(simulatorPayResponse, 'POST', '/payments/simulator/pay', 'Payment failed', {
    razorpayOrderId,
    outcome,
  });
