package io.feedline.adapter.dynamodb;

import java.util.List;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Extra SDK interceptors on the table's client, made once the settings (endpoint, table name) are
 * known, which for the embedded profile is only after DynamoDB Local has started. Production passes
 * {@link #NONE}; tests pass interceptors that count requests or change what the engine answers
 * (an index that lags, as on AWS).
 */
@FunctionalInterface
public interface ClientInterceptors {
    ClientInterceptors NONE = settings -> List.of();

    List<ExecutionInterceptor> forTable(DynamoSettings settings);
}
