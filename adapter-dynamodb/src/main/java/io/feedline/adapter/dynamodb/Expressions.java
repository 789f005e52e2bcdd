package io.feedline.adapter.dynamodb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds update and condition expressions with placeholders for every name and value, so that no
 * attribute name collides with a reserved word and no value is ever spliced into the text.
 */
final class Expressions {
    private final List<String> sets = new ArrayList<>();
    private final List<String> adds = new ArrayList<>();
    private final List<String> removes = new ArrayList<>();
    private final List<String> conditions = new ArrayList<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /** An update expression with its condition, ready for an UpdateItem or a transaction item. */
    record Update(String expression, Map<String, String> names, Map<String, AttributeValue> values,
            Optional<String> condition) {}

    static Expressions update() {
        return new Expressions();
    }

    /** For a condition alone (a conditional delete). */
    static Expressions condition() {
        return new Expressions();
    }

    /** The placeholder of attribute {@code attribute}. */
    String name(String attribute) {
        String placeholder = "#" + attribute;
        names.put(placeholder, attribute);
        return placeholder;
    }

    /** The placeholder of a new value. */
    String value(AttributeValue value) {
        String placeholder = ":v" + values.size();
        values.put(placeholder, value);
        return placeholder;
    }

    Expressions set(String attribute, AttributeValue value) {
        sets.add(name(attribute) + " = " + value(value));
        return this;
    }

    /** Sets the attribute only where the item does not have it yet: an upsert that keeps what exists. */
    Expressions setIfAbsent(String attribute, AttributeValue value) {
        String n = name(attribute);
        sets.add(n + " = if_not_exists(" + n + ", " + value(value) + ")");
        return this;
    }

    /** Atomic counter change: ADD creates the attribute at zero first. */
    Expressions add(String attribute, long delta) {
        adds.add(name(attribute) + " " + value(AttributeValue.fromN(Long.toString(delta))));
        return this;
    }

    Expressions increment(String attribute) {
        String n = name(attribute);
        sets.add(n + " = " + n + " + " + value(AttributeValue.fromN("1")));
        return this;
    }

    Expressions remove(String attribute) {
        removes.add(name(attribute));
        return this;
    }

    /** Adds a condition, ANDed with the others; built from {@link #name} and {@link #value}. */
    Expressions when(String condition) {
        conditions.add("(" + condition + ")");
        return this;
    }

    Update build() {
        StringBuilder expression = new StringBuilder();
        if (!sets.isEmpty()) {
            expression.append("SET ").append(String.join(", ", sets));
        }
        if (!adds.isEmpty()) {
            expression.append(expression.isEmpty() ? "" : " ").append("ADD ").append(String.join(", ", adds));
        }
        if (!removes.isEmpty()) {
            expression.append(expression.isEmpty() ? "" : " ").append("REMOVE ").append(String.join(", ", removes));
        }
        Optional<String> condition = conditions.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", conditions));
        return new Update(expression.toString(), Map.copyOf(names), Map.copyOf(values), condition);
    }
}
