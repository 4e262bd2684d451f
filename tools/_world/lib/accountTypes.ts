// The account world's entities (tools/_world/account.md's data) and the wallet a user's calls change.
import type { Money } from "./call.js";

export interface WalletTransaction {
  transactionId: string;
  type: string;
  direction?: "DEBIT" | "CREDIT";
  amount: Money;
  description: string;
  createdAt: string;
}

export interface Card {
  paymentMethodId: string;
  type: "CARD";
  displayName: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export interface Account {
  profile: Record<string, unknown>;
  careem_plus: { member: boolean; free_delivery_above?: Money } & Record<string, unknown>;
  default_payment_method_id: string;
  cards: Card[];
  wallet: { balance: Money; updatedAt: string; transactions: WalletTransaction[] };
}

/** A payment method as `get_payment_methods` lists it. */
export interface PaymentMethod {
  paymentMethodId: string;
  type: string;
  displayName: string;
  status: "ACTIVE" | "EXPIRED";
  usable: boolean;
  isDefault: boolean;
  balance?: Money;
  [key: string]: unknown;
}

export interface AccountWorld {
  accounts: Record<string, Account>;
}

export interface AccountState {
  wallet?: { transactions?: Record<string, WalletTransaction> };
}
