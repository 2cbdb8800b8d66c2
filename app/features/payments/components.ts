export * from "./OrderPaymentPanel.tsx";
export * from "./admin/OrderPaymentCard.tsx";
