// How an audit entry's before and after read on screen: only the fields that changed, each value
// as short text. The server stores whole snapshots of what it touched (an unchanged email beside
// a changed role), so the screen does the comparing.

type Snapshot = Record<string, unknown> | null;

export interface FieldChange {
  /** The field's name in words: `paymentStatus` reads "payment status". */
  field: string;
  /** Absent: the field did not exist before (a new record) or was removed. */
  before?: string;
  after?: string;
}

/** A stored value as text: strings as they are, nothing as "none", lists and objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null) return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function fieldWords(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** The fields whose value differs between the snapshots, in the order the record lists them. */
export function changedFields(before: Snapshot, after: Snapshot): FieldChange[] {
  const names = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const changes: FieldChange[] = [];
  for (const name of names) {
    const had = before !== null && Object.hasOwn(before, name);
    const has = after !== null && Object.hasOwn(after, name);
    if (had && has && JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    changes.push({
      field: fieldWords(name),
      ...(had ? { before: valueText(before[name]) } : {}),
      ...(has ? { after: valueText(after[name]) } : {}),
    });
  }
  return changes;
}

/** A readable name for the record an entry is about: its email or order number, when stored. */
export function recordName(before: Snapshot, after: Snapshot): string | null {
  for (const snapshot of [after, before]) {
    for (const key of ['email', 'orderNumber']) {
      const value = snapshot?.[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}
