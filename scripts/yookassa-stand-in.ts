// Starts the local ЮKassa stand-in (tests/support/yookassa-stand-in.ts) for trying online payment
// by hand: point the shop at it with YOOKASSA_API_URL and the printed shop id and key.
//   STAND_IN_PORT=3199 NOTIFY_URL=http://127.0.0.1:3000/payments/yookassa/notify/ node scripts/yookassa-stand-in.ts
import { startYookassaStandIn } from "../tests/support/yookassa-stand-in.ts";

const standIn = await startYookassaStandIn({
  port: Number(process.env.STAND_IN_PORT ?? 3199),
  shopId: process.env.YOOKASSA_SHOP_ID,
  secretKey: process.env.YOOKASSA_SECRET_KEY,
  notificationUrl: process.env.NOTIFY_URL ?? null,
});
console.log(`ЮKassa stand-in: YOOKASSA_API_URL=${standIn.apiUrl} YOOKASSA_SHOP_ID=${standIn.shopId} YOOKASSA_SECRET_KEY=${standIn.secretKey}`);
console.log(`notifications go to ${standIn.notificationUrl ?? "(nowhere: set NOTIFY_URL)"}`);
const stop = () => void standIn.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
