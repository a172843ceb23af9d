/**
 * The texts a new store starts with, in Spanish and English (decision 049): the privacy notice follows the
 * structure of an "aviso de privacidad integral" under Mexico's LFPDPPP (identity and address of the controller, data
 * collected, primary and secondary purposes with a way to refuse the latter, transfers, ARCO rights and how to exercise
 * them, revoking consent and limiting use, cookies, changes to the notice); the purchase policy, payments and
 * shipping, FAQ and glossary describe how this platform's checkout really works (card or OXXO, MXN, shipping by
 * parcel services). `{store}`, `{email}` and `{phone}` are replaced with the store's own data when shown, and
 * `{paypal}` with the PayPal item of the payment methods when the deployment takes PayPal (`PAYPAL_ITEM`), else nothing.
 */
import type { ContentKind } from '../../../shared/contracts/website.js';

type Lang = 'es' | 'en';
interface Defaults {
  aviso: string;
  politicas_compras: string;
  pagos_envios: string;
  faq: { question: string; answer: string }[];
  glosario: { word: string; definition: string }[];
}

const ES: Defaults = {
  aviso: `<h2>Aviso de privacidad integral</h2>
<p><strong>{store}</strong> (en adelante, «el Responsable»), con medio de contacto en {email}, es responsable del tratamiento de sus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (LFPDPPP) y demás normativa aplicable.</p>
<h3>Datos personales que recabamos</h3>
<p>Para las finalidades señaladas en este aviso recabamos: datos de identificación (nombre completo), datos de contacto (correo electrónico, teléfono), domicilio de entrega y, cuando usted lo solicite, datos fiscales para su factura. Los datos de su tarjeta los recibe y procesa directamente el proveedor de pagos; el Responsable no los almacena. No recabamos datos personales sensibles.</p>
<h3>Finalidades primarias</h3>
<ul><li>Crear y administrar su cuenta de cliente.</li><li>Procesar, cobrar, enviar y dar seguimiento a sus pedidos.</li><li>Atender dudas, aclaraciones, devoluciones y garantías.</li><li>Emitir comprobantes fiscales y cumplir obligaciones legales.</li></ul>
<h3>Finalidades secundarias</h3>
<ul><li>Enviarle promociones y novedades de la tienda.</li><li>Realizar encuestas de satisfacción y estadísticas internas.</li></ul>
<p>Si no desea que sus datos se traten para las finalidades secundarias, puede indicarlo en cualquier momento escribiendo a {email}. Su negativa no será motivo para negarle los productos o servicios que contrata.</p>
<h3>Transferencias</h3>
<p>Sus datos se comparten únicamente con las empresas de paquetería que entregan su pedido y con el proveedor de pagos que procesa su cobro, en la medida necesaria para cumplir la relación jurídica con usted, así como con autoridades cuando la ley lo requiera. Estas transferencias no requieren su consentimiento conforme a la LFPDPPP. No vendemos ni cedemos sus datos a terceros para fines propios de ellos.</p>
<h3>Derechos ARCO</h3>
<p>Usted tiene derecho a Acceder a sus datos, Rectificarlos, Cancelarlos u Oponerse a su tratamiento (derechos ARCO). Envíe su solicitud a {email} indicando su nombre, un medio para comunicarle la respuesta, el documento que acredite su identidad (o la de su representante), la descripción clara de los datos y del derecho que desea ejercer y cualquier elemento que facilite localizarlos. Le responderemos en un plazo máximo de 20 días hábiles y, si procede, haremos efectiva la solicitud dentro de los 15 días hábiles siguientes.</p>
<h3>Revocación del consentimiento y limitación del uso</h3>
<p>Puede revocar su consentimiento o limitar el uso y divulgación de sus datos con una solicitud al mismo correo. En algunos casos no podremos atenderla de inmediato por alguna obligación legal, lo cual le informaremos.</p>
<h3>Cookies y tecnologías similares</h3>
<p>Este sitio usa almacenamiento local del navegador para recordar su carrito, sus búsquedas y los productos que ha visto, y registra visitas de forma agregada. Puede borrar esos datos desde la configuración de su navegador.</p>
<h3>Cambios a este aviso</h3>
<p>Cualquier cambio a este aviso se publicará en esta misma página (/aviso). Si tiene dudas, comuníquese a {email} o al {phone}.</p>`,
  politicas_compras: `<h2>Política de compra</h2>
<p>Los precios se muestran en pesos mexicanos (MXN) e incluyen IVA. Al confirmar tu pedido recibirás un correo con su folio.</p>
<h3>Disponibilidad</h3>
<p>Todos los pedidos están sujetos a disponibilidad. Si un producto se agota después de tu compra, te contactaremos para ofrecerte un cambio o el reembolso total.</p>
<h3>Cancelaciones</h3>
<p>Puedes cancelar tu pedido sin costo mientras no haya sido enviado, escribiéndonos a {email}.</p>
<h3>Devoluciones y garantías</h3>
<p>Tienes 30 días naturales desde que recibes tu pedido para solicitar una devolución de productos sin uso y en su empaque original. Los productos con defecto de fábrica se cambian o reembolsan sin costo para ti, conforme a la Ley Federal de Protección al Consumidor.</p>`,
  pagos_envios: `<h2>Pagos y envíos</h2>
<h3>Formas de pago</h3>
<ul><li><strong>Tarjeta de crédito o débito</strong>: el cobro se autoriza al momento; tu banco puede pedirte verificación 3-D Secure.</li><li><strong>Efectivo en OXXO</strong>: recibirás una ficha con referencia para pagar en cualquier tienda OXXO antes de su vencimiento. Tu pedido se prepara cuando se confirma el pago.</li>{paypal}</ul>
<h3>Envíos</h3>
<p>Enviamos a todo México por paquetería. El costo y el tiempo estimado de entrega se calculan con tu código postal antes de pagar. Te enviaremos la guía de rastreo por correo cuando tu pedido salga.</p>`,
  faq: [
    {
      question: '¿Cómo sé que mi pedido se registró?',
      answer: 'Al terminar tu compra verás el folio de tu pedido y recibirás un correo de confirmación.',
    },
    {
      question: '¿Cuánto tarda en llegar mi pedido?',
      answer:
        'Depende de tu código postal y del servicio de envío que elijas; verás el tiempo estimado antes de pagar.',
    },
    {
      question: '¿Puedo pagar en efectivo?',
      answer: 'Sí, en cualquier tienda OXXO con la ficha que te damos al finalizar tu compra.',
    },
    {
      question: '¿Cómo hago una devolución?',
      answer: 'Escríbenos a {email} con tu folio dentro de los 30 días posteriores a recibir tu pedido.',
    },
  ],
  glosario: [
    { word: 'Folio', definition: 'Número que identifica tu pedido en esta tienda.' },
    { word: 'Ficha OXXO', definition: 'Referencia de pago para liquidar tu pedido en efectivo en una tienda OXXO.' },
    { word: 'Guía de rastreo', definition: 'Número con el que sigues tu envío en el sitio de la paquetería.' },
    { word: 'SKU', definition: 'Código único de cada variante de un producto (por ejemplo, talla y color).' },
  ],
};

const EN: Defaults = {
  aviso: `<h2>Comprehensive privacy notice</h2>
<p><strong>{store}</strong> (the "Controller"), reachable at {email}, is responsible for processing your personal data under Mexico's Federal Law on the Protection of Personal Data Held by Private Parties (LFPDPPP) and other applicable rules.</p>
<h3>Personal data we collect</h3>
<p>For the purposes in this notice we collect: identification data (full name), contact data (email, phone), delivery address and, when you ask for an invoice, tax data. Your card details are received and processed directly by the payment provider; the Controller does not store them. We do not collect sensitive personal data.</p>
<h3>Primary purposes</h3>
<ul><li>Creating and managing your customer account.</li><li>Processing, charging, shipping and tracking your orders.</li><li>Handling questions, claims, returns and warranties.</li><li>Issuing tax receipts and meeting legal obligations.</li></ul>
<h3>Secondary purposes</h3>
<ul><li>Sending you store promotions and news.</li><li>Satisfaction surveys and internal statistics.</li></ul>
<p>If you do not want your data used for the secondary purposes, tell us at any time at {email}. Refusing will not be a reason to deny you the products or services you buy.</p>
<h3>Transfers</h3>
<p>Your data is shared only with the parcel companies that deliver your order and the payment provider that processes your charge, as far as needed to fulfil our relationship with you, and with authorities when the law requires it. These transfers do not require your consent under the LFPDPPP. We do not sell or hand over your data to third parties for their own purposes.</p>
<h3>ARCO rights</h3>
<p>You have the right to Access, Rectify and Cancel your data or to Object to its processing (ARCO rights). Send your request to {email} with your name, a way to send you the answer, a document proving your identity (or your representative's), a clear description of the data and of the right you want to exercise, and anything that helps locate the data. We will answer within 20 business days and, if it applies, carry out the request within the following 15 business days.</p>
<h3>Revoking consent and limiting use</h3>
<p>You may revoke your consent or limit the use and disclosure of your data by writing to the same address. In some cases a legal obligation may prevent us from doing so at once; we will tell you.</p>
<h3>Cookies and similar technologies</h3>
<p>This site uses your browser's local storage to remember your cart, searches and recently viewed products, and counts visits in aggregate. You can delete that data in your browser settings.</p>
<h3>Changes to this notice</h3>
<p>Any change to this notice will be published on this page (/aviso). Questions: {email} or {phone}.</p>`,
  politicas_compras: `<h2>Purchase policy</h2>
<p>Prices are in Mexican pesos (MXN) and include VAT. When you confirm your order you receive an email with its number.</p>
<h3>Availability</h3>
<p>All orders are subject to availability. If a product runs out after your purchase, we will contact you to offer an exchange or a full refund.</p>
<h3>Cancellations</h3>
<p>You can cancel your order at no cost until it ships by writing to {email}.</p>
<h3>Returns and warranties</h3>
<p>You have 30 calendar days from delivery to ask for a return of unused products in their original packaging. Products with a manufacturing defect are exchanged or refunded at no cost to you, under Mexico's Federal Consumer Protection Law.</p>`,
  pagos_envios: `<h2>Payments and shipping</h2>
<h3>Payment methods</h3>
<ul><li><strong>Credit or debit card</strong>: the charge is authorised at once; your bank may ask for 3-D Secure verification.</li><li><strong>Cash at OXXO</strong>: you get a payment slip to pay at any OXXO store before it expires. Your order is prepared once the payment is confirmed.</li>{paypal}</ul>
<h3>Shipping</h3>
<p>We ship across Mexico by parcel service. The cost and estimated delivery time are calculated from your postal code before you pay. We email you the tracking number when your order ships.</p>`,
  faq: [
    {
      question: 'How do I know my order went through?',
      answer: 'When you finish your purchase you see your order number and receive a confirmation email.',
    },
    {
      question: 'How long does delivery take?',
      answer: 'It depends on your postal code and the shipping service you choose; you see the estimate before paying.',
    },
    { question: 'Can I pay in cash?', answer: 'Yes, at any OXXO store with the payment slip you get at checkout.' },
    {
      question: 'How do I return a product?',
      answer: 'Write to {email} with your order number within 30 days of receiving your order.',
    },
  ],
  glosario: [
    { word: 'Order number (folio)', definition: 'The number that identifies your order in this store.' },
    { word: 'OXXO slip', definition: 'A payment reference to pay your order in cash at an OXXO store.' },
    { word: 'Tracking number', definition: 'The number to follow your parcel on the carrier’s site.' },
    { word: 'SKU', definition: 'The unique code of each variant of a product (for example size and colour).' },
  ],
};

/** The default body of `kind` in `lang`, with the store's name, email and phone put in (HTML-escaped by the caller). */
export function defaultContent(
  kind: ContentKind,
  lang: Lang,
): string | { question: string; answer: string }[] | { word: string; definition: string }[] {
  return (lang === 'en' ? EN : ES)[kind];
}

/** The payments page's PayPal item, put in the default text when a wallet is configured (the footer names it then too). */
export const PAYPAL_ITEM: Record<Lang, string> = {
  es: '<li><strong>PayPal</strong>: apruebas el pago en tu cuenta de PayPal y regresas a la tienda con tu pedido pagado.</li>',
  en: '<li><strong>PayPal</strong>: you approve the payment in your PayPal account and come back to the store with your order paid.</li>',
};
