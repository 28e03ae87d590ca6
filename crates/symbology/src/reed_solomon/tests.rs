use super::*;

/// The codes of the three symbologies with the degrees their block tables use.
fn codes_and_degrees() -> Vec<(&'static str, &'static Code, Vec<usize>)> {
    let mut out = vec![
        ("QR", &QR, crate::qr::ecc_degrees()),
        ("Data Matrix", &DATA_MATRIX, crate::datamatrix::ecc_degrees()),
        ("Grid Matrix", &GRID_MATRIX, crate::gridmatrix::ecc_degrees()),
    ];
    for (_, _, degrees) in &mut out {
        degrees.sort_unstable();
        degrees.dedup();
    }
    out
}

/// `g(x)` multiplied out term by term with [`Field::mul`], highest power first.
fn plain_generator(code: &Code, degree: usize) -> Vec<u8> {
    let f = &code.field;
    let mut g = vec![1u8];
    for i in 0..degree {
        let root = f.exp(code.first_root as usize + i);
        // g * (x + root)
        let mut next = vec![0u8; g.len() + 1];
        for (k, &c) in g.iter().enumerate() {
            next[k] ^= c;
            next[k + 1] ^= f.mul(c, root);
        }
        g = next;
    }
    g
}

/// The remainder of `data(x) * x^n` by `g`, by long division one coefficient at a time.
fn plain_remainder(code: &Code, g: &[u8], data: &[u8]) -> Vec<u8> {
    let n = g.len() - 1;
    let mut dividend: Vec<u8> = data.iter().copied().chain(std::iter::repeat(0).take(n)).collect();
    for i in 0..data.len() {
        let lead = dividend[i];
        if lead != 0 {
            for (k, &c) in g.iter().enumerate() {
                dividend[i + k] ^= code.field.mul(lead, c);
            }
        }
    }
    dividend[data.len()..].to_vec()
}

fn pseudo_random(seed: &mut u64, len: usize, order: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((*seed >> 33) % (order as u64 + 1)) as u8
        })
        .collect()
}

/// The encoder equals plain long division for every (field, degree) a symbology uses, and
/// data lengths from none to longer than any block.
#[test]
fn every_code_in_use_equals_plain_division() {
    let mut seed = 7u64;
    for (name, code, degrees) in codes_and_degrees() {
        assert!(!degrees.is_empty(), "{}", name);
        for degree in degrees {
            let g = plain_generator(code, degree);
            let rs = code.encoder(degree);
            assert_eq!(rs.generator(), g, "{} degree {}", name, degree);
            for len in [0usize, 1, 2, 7, 8, 9, 44, 120, 175] {
                let data = pseudo_random(&mut seed, len, code.field.order());
                let ecc = rs.encode(&data);
                assert_eq!(ecc, plain_remainder(code, &g, &data), "{} degree {} length {}", name, degree, len);
                let mut from_iter = vec![0u8; degree];
                rs.encode_iter_into(data.iter().copied(), &mut from_iter);
                assert_eq!(from_iter, ecc);
            }
        }
    }
}

/// Every degree the encoder takes, not only those in use (each register width 1 to 9 words).
#[test]
fn every_degree_equals_plain_division() {
    let mut seed = 11u64;
    for code in [&QR, &DATA_MATRIX, &GRID_MATRIX] {
        for degree in 1..=MAX_DEGREE {
            let g = plain_generator(code, degree);
            let data = pseudo_random(&mut seed, 150, code.field.order());
            assert_eq!(code.encoder(degree).encode(&data), plain_remainder(code, &g, &data), "degree {}", degree);
        }
    }
}

/// ISO/IEC 18004:2015 Annex I.3: "01234567" as version 1-M. The 16 data codewords
/// (mode 0001, count 8, 012 345 67, terminator, pad) and the 10 error-correction
/// codewords the standard prints.
#[test]
fn qr_annex_i_worked_example() {
    let data = [
        0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
    ];
    let ecc = QR.encoder(10).encode(&data);
    assert_eq!(ecc, vec![0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]);
}

/// ISO/IEC 18004 Annex A lists generator polynomials as exponents of a; degree 7 is
/// a^0 x^7 + a^87 x^6 + a^229 x^5 + a^146 x^4 + a^149 x^3 + a^238 x^2 + a^102 x + a^21.
#[test]
fn qr_generator_degree_7_matches_annex_a() {
    let f = &QR.field;
    let g = QR.encoder(7).generator();
    let logs: Vec<u8> = g.iter().map(|&c| f.log(c).unwrap()).collect();
    assert_eq!(logs, vec![0, 87, 229, 146, 149, 238, 102, 21]);
}

/// ISO/IEC 16022 Annex E worked example: "123456" in a 10x10 symbol gives data
/// codewords 142 164 186 and error-correction codewords 114 25 5 88 102.
#[test]
fn data_matrix_annex_example() {
    let ecc = DATA_MATRIX.encoder(5).encode(&[142, 164, 186]);
    assert_eq!(ecc, vec![114, 25, 5, 88, 102]);
}

/// Grid Matrix: (x - a)(x - a^2) = x^2 + (a + a^2) x + a^3 in GF(128).
#[test]
fn grid_matrix_generator_of_degree_two() {
    assert_eq!(GRID_MATRIX.encoder(2).generator(), vec![1, 2 ^ 4, 8]);
}

#[test]
fn field_tables_are_consistent() {
    for code in [&QR, &DATA_MATRIX, &GRID_MATRIX] {
        let f = &code.field;
        let order = f.order();
        let mut seen = [false; 256];
        for i in 0..order {
            let x = f.exp(i);
            assert!(x != 0 && (x as usize) <= order && !seen[x as usize]);
            seen[x as usize] = true;
            assert_eq!(f.log(x), Some(i as u8));
        }
        assert_eq!(f.mul(0, 7), 0);
        assert_eq!(f.mul(1, 0x53), 0x53);
    }
    // a^m = poly - x^m
    assert_eq!(QR.field.exp(8), 0x1D);
    assert_eq!(DATA_MATRIX.field.exp(8), 0x2D);
    assert_eq!(GRID_MATRIX.field.exp(7), 0x09);
    assert_eq!((QR.field.order(), GRID_MATRIX.field.order()), (255, 127));
    assert_eq!(GRID_MATRIX.field.mul(0x40, 2), 0x09);
}

/// The codeword polynomial (data followed by ECC) vanishes at every generator root.
#[test]
fn codewords_vanish_at_generator_roots() {
    for (code, degree) in
        [(&QR, 30usize), (&QR, 7), (&DATA_MATRIX, 68), (&DATA_MATRIX, 28), (&GRID_MATRIX, 63), (&GRID_MATRIX, 9)]
    {
        let f = &code.field;
        let data: Vec<u8> = (0..100u32).map(|i| ((i * 37 + 11) % (f.order() as u32 + 1)) as u8).collect();
        let ecc = code.encoder(degree).encode(&data);
        let all: Vec<u8> = data.iter().chain(ecc.iter()).copied().collect();
        for r in 0..degree {
            let root = f.exp(code.first_root as usize + r);
            let acc = all.iter().fold(0u8, |acc, &c| f.mul(acc, root) ^ c);
            assert_eq!(acc, 0, "degree {} root {}", degree, r);
        }
    }
}

/// The division table's rows are `factor * g(x)` for every factor, zero past the degree
/// and past the field (GF(128) has 128 factors of the 256 rows).
#[test]
fn rows_hold_the_multiples_of_the_generator() {
    for (code, degree) in [(&QR, 10usize), (&DATA_MATRIX, 68), (&GRID_MATRIX, 1), (&GRID_MATRIX, 37)] {
        let rs = code.encoder(degree);
        let g = rs.generator();
        for factor in 0..256usize {
            for k in 0..MAX_WORDS * 8 {
                let packed = (rs.generator.rows[factor][k / 8] >> (56 - 8 * (k % 8))) as u8;
                let want = if factor > code.field.order() || k >= degree { 0 } else { code.field.mul(factor as u8, g[k + 1]) };
                assert_eq!(packed, want, "degree {} factor {} k {}", degree, factor, k);
            }
        }
    }
}

/// The thread's cache keeps the most recent generators and tells the fields apart.
#[test]
fn cached_generators_are_per_field_and_degree() {
    let a = QR.encoder(10);
    let b = QR.encoder(10);
    assert!(Rc::ptr_eq(&a.generator, &b.generator));
    let dm = DATA_MATRIX.encoder(10);
    assert!(!Rc::ptr_eq(&a.generator, &dm.generator));
    assert_ne!(a.generator(), dm.generator());
    for degree in 40..40 + TABLES_CACHED {
        QR.encoder(degree);
    }
    // evicted, then made again equal
    let c = QR.encoder(10);
    assert!(!Rc::ptr_eq(&a.generator, &c.generator));
    assert_eq!(a.generator(), c.generator());
}
