import { messagingProblems } from './messaging-config.ts';

/**
 * The configuration's rules between variables (a provider's keys go together, production refuses
 * what only development may guess), read from the raw text so they are reported beside any bad
 * value.
 */
export function crossProblems(raw: NodeJS.ProcessEnv): string[] {
  const env = (name: string) => raw[name]?.trim() || undefined;
  const problems: string[] = [];
  if (env('NODE_ENV') === 'production' && env('TRUST_PROXY')?.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true is refused in production: it believes the X-Forwarded-For any client makes up, so each request could claim a new address and a fresh allowance of every limit; set the number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses.',
    );
  }
  const simulatorByName = env('PAYMENT_PROVIDER') === 'simulator';
  if (env('RAZORPAY_KEY_ID') && !simulatorByName) {
    if (!env('RAZORPAY_KEY_SECRET') || !env('RAZORPAY_WEBHOOK_SECRET')) {
      problems.push(
        'RAZORPAY_KEY_ID is set, so RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set too ' +
          '(or set PAYMENT_PROVIDER=simulator).',
      );
    }
  }
  if (env('PAYMENT_PROVIDER') === 'razorpay' && !env('RAZORPAY_KEY_ID')) {
    problems.push(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET.',
    );
  }
  const s3Settings = [
    'MEDIA_S3_ENDPOINT',
    'MEDIA_S3_REGION',
    'MEDIA_S3_ACCESS_KEY_ID',
    'MEDIA_S3_SECRET_ACCESS_KEY',
    'MEDIA_S3_FORCE_PATH_STYLE',
  ].filter((name) => env(name));
  if (s3Settings.length > 0 && !env('MEDIA_S3_BUCKET')) {
    problems.push(
      `${s3Settings.join(', ')} ${s3Settings.length > 1 ? 'are' : 'is'} set but MEDIA_S3_BUCKET is not: ` +
        'set the bucket to keep images in S3, or unset them to keep images in DATA_DIR/media.',
    );
  }
  if (!env('MEDIA_S3_ACCESS_KEY_ID') !== !env('MEDIA_S3_SECRET_ACCESS_KEY')) {
    problems.push(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain.',
    );
  }
  if (!env('SHIPROCKET_EMAIL') !== !env('SHIPROCKET_PASSWORD')) {
    problems.push(
      'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together: set both to ship with Shiprocket, or neither for the courier simulator.',
    );
  }
  if (env('COURIER_PROVIDER') === 'shiprocket' && !env('SHIPROCKET_EMAIL')) {
    problems.push('COURIER_PROVIDER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.');
  }
  if (env('SHIPROCKET_EMAIL') && !env('COURIER_WEBHOOK_SECRET')) {
    problems.push(
      "With Shiprocket set COURIER_WEBHOOK_SECRET to the security token given to the tracking webhook in Shiprocket's panel.",
    );
  }
  // A shop in production on a shared database: nothing may be guessed or generated per machine.
  if (env('NODE_ENV') === 'production' && env('DATABASE_URL')) {
    if (!env('JWT_SECRET')) {
      problems.push(
        'JWT_SECRET must be set in production with DATABASE_URL (every process must sign with the same secret).',
      );
    }
    if (!env('PUBLIC_URL')) {
      problems.push(
        'PUBLIC_URL must be set in production with DATABASE_URL (links in mails, canonical URLs).',
      );
    }
    if (simulatorByName && (!env('RAZORPAY_KEY_SECRET') || !env('RAZORPAY_WEBHOOK_SECRET'))) {
      problems.push(
        'PAYMENT_PROVIDER=simulator with DATABASE_URL in production needs RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (every process must sign test payments alike).',
      );
    }
  }
  // In production the simulator, which lets any shopper mark her own order paid, runs only when
  // named: on either database, no Razorpay keys and no PAYMENT_PROVIDER=simulator is a refusal.
  if (env('NODE_ENV') === 'production' && !env('RAZORPAY_KEY_ID') && !simulatorByName) {
    problems.push(
      'In production set RAZORPAY_KEY_ID (with RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET) to take payments, or PAYMENT_PROVIDER=simulator to take test payments only (no money is taken).',
    );
  }
  problems.push(...messagingProblems(env));
  return problems;
}
