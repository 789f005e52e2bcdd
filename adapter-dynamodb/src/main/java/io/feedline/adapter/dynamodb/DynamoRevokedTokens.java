package io.feedline.adapter.dynamodb;

import io.feedline.ports.out.RevokedTokens;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Revoked token ids, one item each ({@code REVOKED#<jti>} / {@code #TOKEN}) that DynamoDB's TTL
 * deletes once the token has expired anyway. Checked with one strongly consistent GetItem, so a
 * logout on one server holds on every other at once.
 */
final class DynamoRevokedTokens implements RevokedTokens {
    private final TableAccess db;

    DynamoRevokedTokens(TableAccess db) {
        this.db = db;
    }

    @Override
    public void revoke(String tokenId, Instant expiresAt) {
        db.run("token_revoke", () -> db.putItem(TableLayout.Entity.REVOKED_TOKEN.document(TableLayout.revokedToken(tokenId))
                .putNumber(TableLayout.TTL, expiresAt.getEpochSecond())
                .build()));
    }

    /** One conditional PutItem: of any number of racing calls, DynamoDB lets exactly one write the item. */
    @Override
    public boolean revokeOnce(String tokenId, Instant expiresAt) {
        PutItemRequest put = PutItemRequest.builder()
                .tableName(db.tableName)
                .item(TableLayout.Entity.REVOKED_TOKEN.document(TableLayout.revokedToken(tokenId))
                        .putNumber(TableLayout.TTL, expiresAt.getEpochSecond())
                        .build()
                        .toMap())
                .conditionExpression("attribute_not_exists(#pk)")
                .expressionAttributeNames(Map.of("#pk", TableLayout.PK))
                .build();
        return db.conditionally("token_revoke_once", () -> db.client.putItem(put));
    }

    @Override
    public boolean isRevoked(String tokenId) {
        return db.get("token_revoked", TableLayout.revokedToken(tokenId)).isPresent();
    }
}
