/** The agency as printed in a document's letterhead. */
export interface DocumentCompany {
  name: string;
  address: string;
  phone: string;
  email: string;
  registrationNumber: string | null;
  vatNumber: string | null;
  /** Only a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL is drawn. */
  logo: string | null;
}

export type PaymentMethod = 'cash' | 'bank_transfer' | 'mobile_money' | 'card' | 'cheque';

export interface ReceiptDocument {
  company: DocumentCompany;
  receiptNumber: string;
  /** YYYY-MM-DD */
  paymentDate: string;
  payerName: string | null;
  propertyName: string | null;
  propertyAddress: string | null;
  tenantName: string | null;
  type: 'rent' | 'deposit' | 'other';
  /** Minor units. */
  amount: number;
  currency: string;
  /** cash, bank_transfer, mobile_money, card, cheque; anything else is printed as given. */
  method: string;
  reference: string | null;
  /** The full name of the user who took the payment. */
  receivedBy: string;
  status: 'completed' | 'reversed';
  reversalReason: string | null;
  issuedAt: Date;
}

export interface StatementLine {
  /** YYYY-MM-DD */
  date: string;
  description: string;
  reference: string | null;
  /** Signed minor units: money in is positive, money out negative. */
  amount: number;
  /** Running balance after this line, in minor units. */
  balance: number;
}

export interface StatementDocument {
  company: DocumentCompany;
  /** e.g. "Property statement" */
  title: string;
  /** The property, owner or agent the statement is about. */
  subject: string;
  /** e.g. the property's address */
  subjectDetail: string | null;
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD */
  to: string;
  currency: string;
  openingBalance: number;
  closingBalance: number;
  lines: StatementLine[];
  totals: { moneyIn: number; moneyOut: number };
  generatedAt: Date;
  /** A line under the period, e.g. how far the trust account is reconciled (owner statements). */
  note?: string | null;
}
