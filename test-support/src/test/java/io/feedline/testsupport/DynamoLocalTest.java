package io.feedline.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class DynamoLocalTest {

    @Test
    void theSharedServerIsOnePerJvmOnLoopback() {
        assertThat(DynamoLocal.shared()).isSameAs(DynamoLocal.shared());
        assertThat(DynamoLocal.shared().endpoint().getHost()).isEqualTo("127.0.0.1");
        assertThat(DynamoLocal.shared().endpoint().getPort()).isPositive();
    }

    @Test
    void aServerOfItsOwnHoldsItsOwnTablesUntilClosed() {
        DynamoLocal own = DynamoLocal.start();
        try (DynamoDbClient client = own.client(); DynamoDbClient shared = DynamoLocal.shared().client()) {
            client.createTable(b -> b.tableName("own-table")
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build())
                    .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));

            assertThat(client.listTables().tableNames()).contains("own-table");
            assertThat(shared.listTables().tableNames()).doesNotContain("own-table");

            own.close();
            assertThatThrownBy(client::listTables).isInstanceOf(SdkClientException.class);
        }
    }
}
