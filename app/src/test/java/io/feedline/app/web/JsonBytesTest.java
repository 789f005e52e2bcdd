package io.feedline.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonBytesTest {
    private final ObjectMapper mapper = new ObjectMapper();

    private static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anArrayHoldsEachItemAsItWasGivenInOrder() throws Exception {
        byte[] array = JsonBytes.array(List.of(utf8("{\"a\":1}"), utf8("\"é\""), utf8("[2,3]"))).readAllBytes();

        assertThat(new String(array, StandardCharsets.UTF_8)).isEqualTo("[{\"a\":1},\"é\",[2,3]]");
        assertThat(mapper.readTree(array).size()).isEqualTo(3);
        assertThat(new String(JsonBytes.array(List.of()).readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("[]");
    }

    @Test
    void theStreamReadsTheSameByteByByteAndInChunksOfAnySize() throws Exception {
        List<byte[]> items = List.of(utf8("{\"long\":\"" + "x".repeat(5000) + "\"}"), utf8("1"), utf8("\"two\""));
        byte[] whole = JsonBytes.array(items).readAllBytes();

        InputStream single = JsonBytes.array(items);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = single.read(); b != -1; b = single.read()) {
            bytes.write(b);
        }
        assertThat(bytes.toByteArray()).isEqualTo(whole);

        InputStream chunked = JsonBytes.array(items);
        assertThat(chunked.available()).isEqualTo(whole.length);
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        byte[] buffer = new byte[7];
        for (int n = chunked.read(buffer, 0, buffer.length); n != -1; n = chunked.read(buffer, 0, buffer.length)) {
            chunks.write(buffer, 0, n);
        }
        assertThat(chunks.toByteArray()).isEqualTo(whole);
        assertThat(chunked.read(buffer, 0, 0)).isZero();
        assertThat(chunked.available()).isZero();
    }

    @Test
    void aQuotedStringReadsBackAsItself() throws Exception {
        for (String value : List.of("plain", "with \"quotes\", a \\ and a\nline", "ünïcødé", "")) {
            assertThat(mapper.readValue(JsonBytes.utf8(JsonBytes.quoted(value)), String.class)).isEqualTo(value);
        }
    }
}
