-- The rows of an orders list page as one JSON text: positional arrays in the order of `ids`,
-- with the region, patient (phone falling back to the customer's) and rider names looked up by
-- primary key. order-list.repository.ts `unpack` reads the positions; change both together.
--
-- Why a PL/pgSQL function: PL/pgSQL keeps its statements' plans for the session, and this one
-- has the same plan for any ids, so a list statement plans only its filter walk and count.
-- Planned inline, these lookups were 0.25-0.5 ms of planning on every page (ADR 0012).
-- `sort_column` picks the list's first sort key, written last, for the CSV's keyset.
CREATE OR REPLACE FUNCTION order_list_rows(ids integer[], sort_column text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_array(
        o.id, o.number, o.state, o.pickup, o.address, o.region_id,
        (SELECT r.name FROM regions r WHERE r.id = o.region_id),
        (SELECT json_build_array(p.id, p.first_name, p.last_name,
            coalesce(p.phone, (SELECT c.phone FROM customers c WHERE c.id = o.customer_id)),
            p.secondary_phone, p.email, p.gender, p.age, p.age_unit, p.card_number, p.customer_id)
          FROM patients p WHERE p.id = o.patient_id),
        o.assigned_rider_id,
        (SELECT trim(concat_ws(' ', u.first_name, u.last_name)) FROM users u
          WHERE u.id = o.assigned_rider_id),
        o.needs_review, o.is_follow_up_addressed, o.is_fasting, o.is_medicine_and_specific_time,
        o.urgent_delivery, o.allow_manual_assignment, o.fulfillment_method, o.vertical, o.created,
        CASE sort_column WHEN 'pickup' THEN o.pickup WHEN 'created' THEN o.created
          ELSE o.modified END
      ) ORDER BY k.n), '[]'::json)::text
    FROM unnest(ids) WITH ORDINALITY k(id, n)
    JOIN orders o ON o.id = k.id
  );
END
$$;
