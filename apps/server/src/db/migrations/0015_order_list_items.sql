-- An orders list page as the API answers it: the JSON text of its items, in the order of `ids`,
-- each written as core's orderListItemSchema says (field order included), so the list route
-- sends the database's text as it is instead of parsing, reshaping and stringifying 20 rows on
-- the server's one event loop (issue 18: the list within 1.3x of a bare node:http endpoint).
-- The order detail builds the same fields in TypeScript (customers/patient-view.ts toPatient,
-- core karachi-time.ts toKarachiIso); order-list.test.ts checks every list item against the
-- detail to the character, so the two cannot drift apart unnoticed.
--
-- `ids` holds one id past the page (the statement reads it to tell whether a next page
-- follows); only the first `page_size` are written. A PL/pgSQL function for the reason of
-- order_list_rows (0006): its primary-key lookups keep one plan for the session.

-- ISO 8601 in Karachi time (+05:00, no DST since 2009) with milliseconds only when present, as
-- toKarachiIso writes a Date: the microseconds the column keeps are cut to milliseconds.
-- STABLE, as to_char is: a function declared more constant than its body is not inlined, and a
-- call of a SQL function that is not inlined cost 6 us where the inlined expression costs 1 us
-- (42 of them on a page).
CREATE OR REPLACE FUNCTION karachi_iso(t timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC' + interval '5 hours', 'YYYY-MM-DD"T"HH24:MI:SS')
    || CASE WHEN date_trunc('milliseconds', t) = date_trunc('second', t) THEN ''
       ELSE to_char(date_trunc('milliseconds', t), '.MS') END
    || '+05:00'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_list_items(ids integer[], page_size integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
        'id', o.id,
        'number', o.number,
        'state', o.state,
        'pickup', karachi_iso(o.pickup),
        'address', o.address,
        'region', o.region_id,
        'regionName', (SELECT r.name FROM regions r WHERE r.id = o.region_id),
        'patient', (SELECT json_build_object(
            'id', p.id,
            'firstName', p.first_name,
            'lastName', p.last_name,
            -- The list shows the booking customer's number where the patient has none.
            'phone', coalesce(p.phone, (SELECT c.phone FROM customers c WHERE c.id = o.customer_id)),
            'secondaryPhone', p.secondary_phone,
            'email', p.email,
            'gender', p.gender,
            'age', p.age,
            'ageUnit', p.age_unit,
            'ageWithUnit', json_build_object('age', p.age, 'ageUnit', p.age_unit),
            -- '32 Years', '1 Month'; '' when the age is unknown (patient-view.ts ageString).
            'ageString', CASE WHEN p.age IS NULL THEN '' ELSE p.age || ' ' ||
              CASE p.age_unit WHEN 'MONTHS' THEN 'Month' WHEN 'DAYS' THEN 'Day' ELSE 'Year' END ||
              CASE WHEN p.age = 1 THEN '' ELSE 's' END END,
            'cardNumber', p.card_number,
            'customer', p.customer_id)
          FROM patients p WHERE p.id = o.patient_id),
        'assignedRider', CASE WHEN o.assigned_rider_id IS NULL THEN NULL ELSE json_build_object(
            'id', o.assigned_rider_id,
            'name', coalesce((SELECT trim(concat_ws(' ', u.first_name, u.last_name)) FROM users u
              WHERE u.id = o.assigned_rider_id), '')) END,
        'needsReview', o.needs_review,
        'isFollowUpAddressed', o.is_follow_up_addressed,
        'isFasting', o.is_fasting,
        'isMedicineAndSpecificTime', o.is_medicine_and_specific_time,
        'urgentDelivery', o.urgent_delivery,
        'allowManualAssignment', o.allow_manual_assignment,
        'fulfillmentMethod', o.fulfillment_method,
        'vertical', o.vertical,
        'created', karachi_iso(o.created)
      ) ORDER BY k.n), '[]'::json)::text
    FROM unnest(ids[1:page_size]) WITH ORDINALITY k(id, n)
    JOIN orders o ON o.id = k.id
  );
END
$$;
