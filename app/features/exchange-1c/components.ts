export * from "./admin/ExchangeSessions.tsx";
