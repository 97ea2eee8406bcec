import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/v4/core';
import { ApiError, errorMessage } from '../../../lib/api-client';

/** A schema of the contracts whose input is a form's values (an object). */
export type FormSchema = z.$ZodType<unknown, FieldValues>;

/** The form's last word: the server's answer or refusal, or the fields' problems. */
export interface FormStatus {
  ok: boolean;
  message: string;
}

/** Shown when the schema refuses the form before anything is sent. */
export const fieldsNeedAttention = 'Some fields need attention: see the messages below them.';

export interface AdminFormOptions<In extends FieldValues> {
  /** Fills what the form derives (an anchor from a title, say) before the schema reads it. */
  prepare?: (values: In) => In;
  /**
   * The line shown when the schema refuses the form; `fieldsNeedAttention` by default. Null for
   * none: a small form whose fields announce their own problems (see Form's announceProblems).
   */
  invalidMessage?: string | null;
}

export type AdminForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** The status line's content; null before the first submit. */
  status: FormStatus | null;
  setStatus: (status: FormStatus | null) => void;
  /** True from submit until the work's answer. */
  busy: boolean;
  /**
   * The form's onSubmit: checks the values with the schema (each problem beside its field), then
   * runs `work` with the parsed values. A refusal's message (the server's 4xx text) becomes the
   * status line and, when the server names a field, that field's message too. `work` answers the
   * success line to show, or nothing.
   */
  onSubmit: (
    work: (values: z.output<S>) => Promise<string | void> | string | void,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

/**
 * A back-office form checked by the same contracts schema the API parses: react-hook-form with
 * zodResolver, problems shown on submit (and cleared as they are put right), the server's refusal
 * shown as worded.
 */
export function useAdminForm<S extends FormSchema>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  options: AdminFormOptions<z.input<S>> = {},
): AdminForm<S> {
  const { prepare, invalidMessage = fieldsNeedAttention } = options;
  const schemaResolver = zodResolver(schema as never) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = prepare
    ? (values, context, resolverOptions) =>
        schemaResolver(prepare(values), context, resolverOptions)
    : schemaResolver;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    defaultValues: defaults,
    // Checked on submit, then again as each field changes: a message appearing or going on blur
    // moves the buttons below it between the press and the release of a click on 'Save', and
    // the click is lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [status, setStatus] = useState<FormStatus | null>(null);

  const onSubmit: AdminForm<S>['onSubmit'] = (work) =>
    form.handleSubmit(
      async (values) => {
        setStatus(null);
        try {
          const message = await work(values);
          if (message) setStatus({ ok: true, message });
        } catch (error) {
          const message = errorMessage(error);
          if (error instanceof ApiError && error.field) {
            form.setError(
              error.field as Path<z.input<S>>,
              { type: 'server', message },
              { shouldFocus: true },
            );
          }
          setStatus({ ok: false, message });
        }
      },
      () => setStatus(invalidMessage === null ? null : { ok: false, message: invalidMessage }),
    );

  return { ...form, status, setStatus, busy: form.formState.isSubmitting, onSubmit };
}
