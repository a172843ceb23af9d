/** A ship-to address as an order recorded it: name, street, neighbourhood, postal code, town, phone, instructions. */
import type { OrderView } from '../../../../shared/contracts/checkout';

type ShipToAddress = Pick<
  NonNullable<OrderView['address']>,
  | 'fullName'
  | 'street'
  | 'exteriorNumber'
  | 'interiorNumber'
  | 'neighborhood'
  | 'postalCode'
  | 'municipality'
  | 'state'
  | 'phone'
  | 'deliveryInstructions'
>;

export function ShipTo({ address: a }: { address: ShipToAddress }) {
  return (
    <p>
      {a.fullName}
      <br />
      {a.street} {a.exteriorNumber}
      {a.interiorNumber ? ` int. ${a.interiorNumber}` : ''}, {a.neighborhood}
      <br />
      {a.postalCode} {a.municipality}, {a.state}
      <br />
      <a href={`tel:${a.phone}`}>{a.phone}</a>
      {a.deliveryInstructions ? (
        <>
          <br />
          <em>{a.deliveryInstructions}</em>
        </>
      ) : null}
    </p>
  );
}
