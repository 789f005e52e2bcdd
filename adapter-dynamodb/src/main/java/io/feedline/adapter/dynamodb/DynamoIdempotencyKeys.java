package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CLAIM_TOKEN;
import static io.feedline.adapter.dynamodb.TableLayout.FINGERPRINT;
import static io.feedline.adapter.dynamodb.TableLayout.RESULT;
import static io.feedline.adapter.dynamodb.TableLayout.SINCE;
import static io.feedline.adapter.dynamodb.TableLayout.STATE;
import static io.feedline.adapter.dynamodb.TableLayout.TTL;

import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdempotencyKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Idempotency keys in a partition per user ({@code IDEMPOTENCY#<user>} / {@code KEY#<key>}), kept
 * for the retention through {@code ttl}. A claim is one conditional put: it wins if the key is new,
 * expired, or held in progress for longer than the lock timeout; when it loses, the same request
 * returns the holder's item, so nobody reads-then-writes. Each claim stores its request's token;
 * completing and abandoning are conditioned on it, and a publish completes its key as one item of
 * its own transaction.
 */
final class DynamoIdempotencyKeys implements IdempotencyKeys {
    private static final String IN_PROGRESS = "in_progress";
    private static final String COMPLETED = "completed";

    private final TableAccess db;
    private final Duration lockTimeout;
    private final Duration retention;

    DynamoIdempotencyKeys(TableAccess db, Duration lockTimeout, Duration retention) {
        this.db = db;
        this.lockTimeout = lockTimeout;
        this.retention = retention;
    }

    @Override
    public IdempotencyClaim claim(UserId user, IdempotencyKey key, String fingerprint, String token, Instant now) {
        EnhancedDocument item = TableLayout.Entity.IDEMPOTENCY_KEY.document(TableLayout.idempotencyKey(user, key))
                .putString(FINGERPRINT, fingerprint)
                .putString(CLAIM_TOKEN, token)
                .putString(STATE, IN_PROGRESS)
                .putNumber(SINCE, now.toEpochMilli())
                .putNumber(TTL, now.plus(retention).getEpochSecond())
                .build();
        PutItemRequest put = PutItemRequest.builder()
                .tableName(db.tableName)
                .item(item.toMap())
                .conditionExpression("attribute_not_exists(#pk) OR #ttl < :nowSeconds"
                        + " OR (#state = :inProgress AND #since < :staleBefore)")
                .expressionAttributeNames(Map.of("#pk", TableLayout.PK, "#ttl", TTL, "#state", STATE, "#since", SINCE))
                .expressionAttributeValues(Map.of(
                        ":nowSeconds", n(now.getEpochSecond()),
                        ":inProgress", AttributeValue.fromS(IN_PROGRESS),
                        ":staleBefore", n(now.minus(lockTimeout).toEpochMilli())))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
        return db.call("idempotency_claim", () -> {
            try {
                db.client.putItem(put);
                return new IdempotencyClaim.Acquired();
            } catch (ConditionalCheckFailedException e) {
                return held(EnhancedDocument.fromAttributeValueMap(e.item()));
            }
        });
    }

    private static IdempotencyClaim held(EnhancedDocument holder) {
        String fingerprint = holder.getString(FINGERPRINT);
        if (COMPLETED.equals(holder.getString(STATE))) {
            return new IdempotencyClaim.Completed(fingerprint, holder.getString(RESULT));
        }
        return new IdempotencyClaim.InProgress(fingerprint, Instant.ofEpochMilli(holder.getNumber(SINCE).longValue()));
    }

    @Override
    public boolean complete(IdempotencyCompletion completion) {
        return db.conditionally("idempotency_complete", () -> db.updateItem(
                TableLayout.idempotencyKey(completion.user(), completion.key()), completion(completion), ReturnValue.NONE));
    }

    /** The completion as an item of another transaction (the publish it records). */
    TransactWriteItem completeItem(IdempotencyCompletion completion) {
        return db.update(TableLayout.idempotencyKey(completion.user(), completion.key()), completion(completion));
    }

    /** Completed with the result, only while this request's claim holds the key in progress. */
    private Expressions.Update completion(IdempotencyCompletion completion) {
        Expressions update = Expressions.update()
                .set(STATE, AttributeValue.fromS(COMPLETED))
                .set(RESULT, AttributeValue.fromS(completion.result()))
                .set(TTL, n(completion.at().plus(retention).getEpochSecond()));
        update.when(heldBy(update, completion.token()));
        return update.build();
    }

    @Override
    public void abandon(UserId user, IdempotencyKey key, String token) {
        Expressions condition = Expressions.condition();
        condition.when(heldBy(condition, token));
        db.conditionally("idempotency_abandon", () -> db.deleteItem(TableLayout.idempotencyKey(user, key), condition.build()));
    }

    private static String heldBy(Expressions expressions, String token) {
        return expressions.name(STATE) + " = " + expressions.value(AttributeValue.fromS(IN_PROGRESS))
                + " AND " + expressions.name(CLAIM_TOKEN) + " = " + expressions.value(AttributeValue.fromS(token));
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
