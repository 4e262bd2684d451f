// The account world's rules: who pays, and with what. A persona's account (profile, Careem
// Plus, cards, wallet) is world data (account.md); the wallet a session sees is the world
// balance with the session's own transactions (`state.wallet.transactions`) applied, never stored.
import type { Call } from "./lib/call.js";
import type { Account, PaymentMethod, WalletTransaction } from "./lib/accountTypes.js";
import { own } from "./lib/own.js";
import { iso, round } from "./lib/values.js";

/** Transaction types that take money out of the wallet; the others put it in (a `direction` field wins). */
const DEBITS = ["RIDE_PAYMENT", "FOOD_ORDER", "GROCERY_ORDER", "TRANSFER"];

/** The persona's account record for a user id; without one, the account of the user the call acts for. */
export function account(call: Call, userId?: string): Account | undefined {
  return own(call.world.accounts, userId !== undefined ? userId : call.user);
}

/** Whether Careem Plus waives the delivery fee on a basket subtotal (AED): a member, above the threshold. */
export function plusFreeDelivery(call: Call, subtotal: number, userId?: string): boolean {
  const plus = account(call, userId)?.careem_plus;
  const above = plus?.free_delivery_above?.amount;
  return plus?.member === true && typeof subtotal === "number" && typeof above === "number" && subtotal > above;
}

/** The session's own wallet transactions, in the order they were recorded. */
function ownTransactions(call: Call): WalletTransaction[] {
  const kept = call.state?.wallet?.transactions;
  return kept && typeof kept === "object" ? Object.values(kept) : [];
}

function isDebit(t: WalletTransaction): boolean {
  return t.direction !== undefined ? t.direction === "DEBIT" : DEBITS.includes(t.type);
}

/** Every wallet transaction, newest first: the session's own before the world's history, each with its direction. */
export function walletTransactions(call: Call, userId?: string): WalletTransaction[] {
  const all = [...ownTransactions(call), ...(account(call, userId)?.wallet.transactions ?? [])];
  const listed = all.map((t) => ({
    transactionId: t.transactionId,
    type: t.type,
    direction: t.direction !== undefined ? t.direction : DEBITS.includes(t.type) ? "DEBIT" : "CREDIT",
    amount: { amount: t.amount?.amount, currency: "AED" },
    description: t.description,
    createdAt: t.createdAt,
  })) as WalletTransaction[];
  // Stable, newest first: a later instant before an earlier one, ties kept in order.
  return listed.sort((a, b) => (a.createdAt < b.createdAt ? 1 : b.createdAt < a.createdAt ? -1 : 0));
}

/** The spendable Careem Pay balance now, in AED: the world balance, less the session's debits, plus its credits. */
export function walletBalance(call: Call, userId?: string): number | undefined {
  const start = account(call, userId)?.wallet.balance.amount;
  if (start === undefined) return undefined;
  let sum = 0;
  for (const t of ownTransactions(call)) {
    const amount = t.amount?.amount;
    if (typeof amount === "number") sum += isDebit(t) ? -amount : amount;
  }
  return round(start + sum, 2);
}

/** When the balance last changed: the newest transaction, else the world's `updatedAt`. */
export function walletUpdatedAt(call: Call, userId?: string): string | undefined {
  const latest = walletTransactions(call, userId)[0]?.createdAt;
  return latest !== undefined ? latest : account(call, userId)?.wallet.updatedAt;
}

/** The user's payment methods as `get_payment_methods` lists them: cards (EXPIRED after their expiry month), then the wallet. */
export function paymentMethods(call: Call, userId?: string): PaymentMethod[] {
  const acct = account(call, userId);
  const now = iso(call.now) ?? "";
  const month = Number(now.slice(0, 4)) * 12 + Number(now.slice(5, 7));
  const cards = (acct?.cards ?? []).map((c) => {
    const expired = c.expiryYear * 12 + c.expiryMonth < month;
    return { ...c, status: expired ? "EXPIRED" : "ACTIVE", usable: !expired, isDefault: acct?.default_payment_method_id !== undefined && c.paymentMethodId === acct.default_payment_method_id } as PaymentMethod;
  });
  const wallet: PaymentMethod = {
    paymentMethodId: "careem_pay",
    type: "WALLET",
    displayName: "Careem Pay",
    status: "ACTIVE",
    usable: true,
    isDefault: acct?.default_payment_method_id === "careem_pay",
    balance: { amount: walletBalance(call, userId), currency: "AED" } as PaymentMethod["balance"],
  };
  return [...cards, wallet];
}

/** One payment method of the user by id (as `paymentMethods` lists it), or nothing when the id is not theirs. */
export function paymentMethod(call: Call, id: string, userId?: string): PaymentMethod | undefined {
  if (id === undefined) return undefined;
  return paymentMethods(call, userId).find((m) => m.paymentMethodId === id);
}

/**
 * One Careem Pay movement under its transaction id, as `wallet.transactions` keeps it (merge it
 * there): every vertical's debit, refund and cashback goes through here so the balance, the
 * transactions and `updatedAt` move together. `{}` when there is nothing to record.
 */
export function walletEntry(_call: Call, id: string, type: string, direction: "DEBIT" | "CREDIT", amount: number, description: string, at: string): Record<string, WalletTransaction> {
  if (typeof id !== "string" || typeof amount !== "number" || !(amount > 0)) return {};
  return { [id]: { transactionId: id, type, direction, amount: { amount: round(amount, 2), currency: "AED" }, description, createdAt: at } };
}

/** What Careem Pay lacks to pay `amount` now (AED, > 0), or nothing when the balance covers it. */
export function walletShortfall(call: Call, amount: number, userId?: string): number | undefined {
  const balance = walletBalance(call, userId);
  if (balance === undefined || typeof amount !== "number") return undefined;
  return amount > balance ? round(amount - balance, 2) : undefined;
}
