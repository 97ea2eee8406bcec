import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../app/lib/api-client';
import { initiatePayment, simulatePayment } from '../../../app/components/checkout/payments-api';

const answering = (status: number, body: unknown) =>
  createApiClient({
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });

const start = {
  razorpayOrderId: 'order_sim_1',
  razorpayKey: 'rzp_test_sim',
  key: 'rzp_test_sim',
  amount: 149_900,
  currency: 'INR',
  orderId: '3f1c1b8e-4d6a-4c51-9d55-2b7f4a0e9c11',
  orderNumber: 'LB-000123',
  provider: 'simulator',
  order: { id: 'order_sim_1', amount: 149_900, currency: 'INR' },
};

describe('payment answers are parsed with the payments contract', () => {
  it('answers the provider order the server opened, typed', async () => {
    const api = answering(200, { success: true, data: start, message: 'Payment initiated' });
    const { data, message } = await initiatePayment(api, { orderId: start.orderId });
    expect(data).toEqual(start);
    expect(message).toBe('Payment initiated');
  });

  it("refuses an answer its contract does not describe, with the call's own message", async () => {
    const api = answering(200, {
      success: true,
      data: { ...start, amount: '1499.00' },
      message: 'Payment initiated',
    });
    await expect(initiatePayment(api, { orderId: start.orderId })).rejects.toEqual(
      new ApiError('Failed to initiate payment', 200),
    );
  });

  it("refuses a simulator answer without the checkout result's signature", async () => {
    const api = answering(200, {
      success: true,
      data: { razorpay_order_id: 'order_sim_1', razorpay_payment_id: 'pay_sim_1' },
      message: 'Payment completed in the simulator',
    });
    await expect(simulatePayment(api, 'order_sim_1', 'success')).rejects.toThrow('Payment failed');
  });

  it("still says the server's message for a refused payment", async () => {
    const api = answering(402, { success: false, message: 'Payment failed', requestId: 'r1' });
    await expect(simulatePayment(api, 'order_sim_1', 'failure')).rejects.toEqual(
      new ApiError('Payment failed', 402),
    );
  });
});
